/** exifr's lite bundle (JPEG, HEIC, TIFF and their GPS block): the same API as the package's main entry. */
declare module 'exifr/dist/lite.esm.mjs' {
  export { gps } from 'exifr';
}
