/**
 * Stands in for papaparse (about 8 KB gzip), which @refinedev/core imports for its CSV import and export hooks
 * (useImport, useExport). The console uses neither; a call says so instead of parsing.
 */
const unused = (): never => {
  throw new Error('CSV import and export are not part of the staff console');
};

export default { parse: unused, unparse: unused };
