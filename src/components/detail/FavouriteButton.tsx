/**
 * 收藏 on a product or article detail page (storefront §2, issue 10), as plain HTML: the built page
 * shows it to everyone as not kept, and favourite.ts (started by startDetail) asks the API whether
 * the signed-in reader keeps the item and toggles it. No framework on the page for one button
 * (issue 23). `status`: PRODUCT_LIKE_STATUS for a product, else the article's status.
 */
export function FavouriteButton({ id, status }: { id: number; status: number }) {
  return (
    <button
      type="button"
      data-favourite={id}
      data-like-status={status}
      className="group inline-flex min-h-10 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm text-slate-700 transition-colors hover:border-brand-600 hover:text-brand-700 aria-pressed:border-amber-400 aria-pressed:bg-amber-50 aria-pressed:text-amber-800"
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" className="shrink-0">
        <path
          d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z"
          className="fill-none group-aria-pressed:fill-current"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
      <span data-favourite-label>收藏</span>
    </button>
  )
}
