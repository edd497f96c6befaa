/** The title search of listings and the search page (accounts §2). */

/** A search text longer than this is refused by the server and cut by the search box. */
export const SEARCH_TITLE_MAX = 50
