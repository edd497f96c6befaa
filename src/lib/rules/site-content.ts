/**
 * The lengths of the site content marketing writes (issue 21), in characters of HTML: the admin
 * calls refuse more, and the back office's rich-text editor stops there (its `max`), so what the
 * editor lets through is never refused on saving.
 */

/** An FAQ answer. */
export const FAQ_ANSWER_MAX = 20_000
/** A configuration text: 用户协议, 隐私政策, 等级说明. */
export const SITE_TEXT_MAX = 50_000
