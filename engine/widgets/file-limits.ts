/** The largest file the file widget takes when `ui:options.maxBytes` does not say: 5 MB (read by the studio too). */
export const DEFAULT_MAX_FILE_BYTES = 5_000_000;
