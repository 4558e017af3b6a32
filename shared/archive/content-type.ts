/** A content type from the file extension, for members (zips do not carry one) and bare imports. */
const BY_EXTENSION: Record<string, string> = {
  csv: 'text/csv',
  txt: 'text/plain',
  prn: 'text/plain',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  xml: 'application/xml',
  html: 'text/html',
  htm: 'text/html',
  pdf: 'application/pdf',
  zip: 'application/zip',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export function contentTypeFor(name: string, declared?: string): string {
  if (declared?.trim()) return declared.trim();
  const ext = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase();
  return (ext && BY_EXTENSION[ext]) || 'application/octet-stream';
}
