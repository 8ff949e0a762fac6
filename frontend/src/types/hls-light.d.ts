/** hls.js ships no declarations for its light build (no subtitles, alternate audio or DRM); same API. */
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export * from 'hls.js';
  export default Hls;
}
