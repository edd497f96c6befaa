// crypto-js has no "exports" map, so Node's ESM loader needs the file names with .js;
// @types/crypto-js only declares them without it.
declare module 'crypto-js/aes.js' {
  export { default } from 'crypto-js/aes'
}
declare module 'crypto-js/enc-utf8.js' {
  export { default } from 'crypto-js/enc-utf8'
}
declare module 'crypto-js/enc-base64.js' {
  export { default } from 'crypto-js/enc-base64'
}
