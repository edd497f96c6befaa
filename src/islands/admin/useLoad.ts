/** useLoad lives in the list kit; this path stays for the screens outside it. */
export { useLoad } from './kit/useLoad.ts'
