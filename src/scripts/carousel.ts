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
    const slides = [...track.children] as HTMLElement[]
    // The dots say which slide shows; the others are inert, so Tab reaches only the link seen.
    const show = () => {
      dots.forEach((d, k) => {
        d.setAttribute('aria-current', String(k === index))
      })
      slides.forEach((s, k) => {
        s.inert = k !== index
      })
    }
    const go = (i: number) => {
      index = (i + count) % count
      track.scrollTo({ left: index * track.clientWidth, behavior: still ? 'auto' : 'smooth' })
      show()
    }
    show()
    // A swipe or scroll by hand moves the dots too.
    track.addEventListener('scroll', () => {
      const i = Math.round(track.scrollLeft / track.clientWidth)
      if (i !== index) {
        index = i
        show()
      }
    })
    dots.forEach((d, k) => {
      d.addEventListener('click', () => go(k))
    })
    root.querySelector('.carousel-prev')?.addEventListener('click', () => go(index - 1))
    root.querySelector('.carousel-next')?.addEventListener('click', () => go(index + 1))
    let hovered = false
    // Stopped by its button until started again; reduced motion starts it stopped.
    let stopped = still
    for (const [ev, p] of [
      ['mouseenter', true],
      ['mouseleave', false],
      ['focusin', true],
      ['focusout', false],
    ] as const) {
      root.addEventListener(ev, () => {
        hovered = p
      })
    }
    const pause = root.querySelector<HTMLButtonElement>('.carousel-pause')
    const showStopped = () => {
      // A toggle keeps its name (暂停轮播); pressed says it is stopped.
      pause?.setAttribute('aria-pressed', String(stopped))
      pause?.setAttribute('title', stopped ? '继续播放' : '暂停')
      const icon = pause?.querySelector('[data-icon]')
      if (icon) icon.textContent = stopped ? '▶' : '❚❚'
    }
    pause?.addEventListener('click', () => {
      stopped = !stopped
      showStopped()
    })
    showStopped()
    const interval = Number(root.dataset.interval) || 2000
    setInterval(() => {
      if (!stopped && !hovered && !document.hidden) go(index + 1)
    }, interval)
  }
}
