import { BadRequestError } from '../http/errors';

/**
 * The bytes offered for archiving cannot be archived as they are (empty, a truncated or corrupt
 * zip, a zip over the extraction limits). Raised before anything is written, so a refused file
 * leaves no trace in the archive.
 */
export class UnarchivableFileError extends BadRequestError {
  override readonly code = 'unarchivable-file';
  override readonly title = 'File cannot be archived';
  constructor(
    readonly reason: 'empty' | 'corrupt_zip' | 'zip_limits' | 'bad_metadata',
    detail: string,
  ) {
    super(detail, { reason });
  }
}
