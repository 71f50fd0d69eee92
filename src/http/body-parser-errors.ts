import { ApiError } from '../contract/api-error.js';

/** body-parser's error types → our catalogue; these reach us before any route code runs. */
export function fromBodyParser(error: {
  type?: unknown;
  limit?: unknown;
  status?: unknown;
  expose?: unknown;
}): ApiError | undefined {
  switch (error.type) {
    case 'entity.too.large':
      return new ApiError(
        'IMAGE_TOO_LARGE',
        `The request body is larger than ${Math.round(Number(error.limit) / 1024 / 1024)} MiB; images may be at most 3 MiB.`,
      );
    case 'entity.parse.failed':
      return new ApiError(
        'VALIDATION_ERROR',
        'The request body must be a JSON object: it is not valid JSON, or not an object.',
      );
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new ApiError('UNSUPPORTED_MEDIA_TYPE', 'Send the body as UTF-8 JSON without content encoding.');
    case 'request.size.invalid':
      return new ApiError('VALIDATION_ERROR', 'The request body ended before its declared length.');
    default:
      // A corrupt gzip or deflate body: body-parser wraps zlib's error as a 400 without a type.
      if (typeof error.status === 'number' && error.status >= 400 && error.status < 500 && error.expose === true) {
        return new ApiError(
          'VALIDATION_ERROR',
          'The request body could not be read: its Content-Encoding does not match its bytes.',
        );
      }
      return undefined;
  }
}
