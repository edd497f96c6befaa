/** useUrlFilters lives in the list kit; this path stays for the screens outside it. */
export { useUrlFilters } from './kit/useUrlFilters.ts'
