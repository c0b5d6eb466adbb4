/**
 * papaparse by its file: the staff build aliases the bare `papaparse` to a stand-in (vite.staff.config.ts: Refine's
 * unused CSV hooks), so the studio's translations import/export, which does use it, imports the file itself.
 */
declare module 'papaparse/papaparse.js' {
  import * as Papa from 'papaparse';
  export default Papa;
}
