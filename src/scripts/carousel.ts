// Timer, arrows and dots for every Carousel.astro on the page.
export function startCarousels(): void {
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  for (const root of document.querySelectorAll<HTMLElement>('.carousel:not([data-ready])')) {
    root.dataset.ready = '1'
    const track = root.querySelector<HTMLElement>('.carousel-track')
    const dots = [...root.querySelectorAll<HTMLButtonElement>('.carousel-dots button')]
    const count = track?.children.length ?? 0
    if (!track || count < 2) continue
    // The arrows and dots only mean something once this script drives them.
    root.querySelector<HTMLElement>('.carousel-controls')?.removeAttribute('hidden')
    let index = 0
    const go = (i: number) => {
      index = (i + count) % count
      track.scrollTo({ left: index * track.clientWidth, behavior: still ? 'auto' : 'smooth' })
      dots.forEach((d, k) => {
        d.setAttribute('aria-current', String(k === index))
      })
    }
    // A swipe or scroll by hand moves the dots too.
    track.addEventListener('scroll', () => {
      const i = Math.round(track.scrollLeft / track.clientWidth)
      if (i !== index) {
        index = i
        dots.forEach((d, k) => {
          d.setAttribute('aria-current', String(k === index))
        })
      }
    })
    dots.forEach((d, k) => {
      d.addEventListener('click', () => go(k))
    })
    root.querySelector('.carousel-prev')?.addEventListener('click', () => go(index - 1))
    root.querySelector('.carousel-next')?.addEventListener('click', () => go(index + 1))
    let paused = still
    for (const [ev, p] of [
      ['mouseenter', true],
      ['mouseleave', false],
      ['focusin', true],
      ['focusout', false],
    ] as const) {
      root.addEventListener(ev, () => {
        paused = p || still
      })
    }
    const interval = Number(root.dataset.interval) || 2000
    setInterval(() => {
      if (!paused && !document.hidden) go(index + 1)
    }, interval)
  }
}
