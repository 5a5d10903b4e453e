import { isUtf8 } from 'node:buffer';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors.ts';

/**
 * JSON bodies read as bytes and checked for UTF-8 before parsing. Read as a string, a stray byte
 * would become U+FFFD and be stored as if the client had sent it; such a body is refused instead.
 */
export function installUtf8Bodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const bytes = body as Buffer;
    if (!isUtf8(bytes)) {
      done(
        new AppError(
          400,
          'INVALID_UTF8',
          'The request body is not valid UTF-8',
          'Send JSON encoded as UTF-8; the body holds a byte sequence that is not UTF-8.',
        ),
        undefined,
      );
      return;
    }
    parseJson(request, bytes.toString('utf8'), done);
  });
}
