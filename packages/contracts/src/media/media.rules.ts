/**
 * Upload rules shared by the browser (checked before a byte leaves it) and the server (checked again
 * from the stored bytes, never from a file name or a declared type). Spec sections 3, 5 and 9.
 */

export * from './file-sniffing.rules';
export * from './upload-checks.rules';
export * from './upload-slots.rules';
