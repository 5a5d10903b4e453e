/**
 * Uploaded catalog images on disk under `DATA_DIR/media/<siteId>/<sha256>.<ext>`. Names are the
 * content's hash, so a file never changes and is served with a one-year immutable cache.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface StoredMedia {
  fileName: string;
  url: string;
  width: number;
  height: number;
  format: string;
}

/** A file described before it is written: `write` once what it is added to has taken it. */
export interface PreparedMedia {
  stored: StoredMedia;
  write(): Promise<void>;
}

export interface MediaStorage {
  /** Names and describes the bytes without writing them (the same content gets the same name). */
  prepare(siteId: string, bytes: Buffer, contentType: string): PreparedMedia;
  /** A stored file's description, or undefined for a name that is not there. */
  describe(siteId: string, fileName: string): Promise<StoredMedia | undefined>;
  read(siteId: string, fileName: string): Promise<{ bytes: Buffer; contentType: string } | undefined>;
}

export const mediaTypes: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};
const extensionOf = (contentType: string) =>
  Object.entries(mediaTypes).find(([, type]) => type === contentType)?.[0];

export const FILE_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp|svg)$/;
export const SITE_ID = /^[A-Za-z0-9-]{1,100}$/;

/** How each format's files begin (their signature); an SVG is text with an `<svg` element near the top. */
const signatures: Record<string, (bytes: Buffer) => boolean> = {
  // The signature, then the IHDR chunk the size is read from.
  'image/png': (b) =>
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) &&
    b.subarray(12, 16).toString('latin1') === 'IHDR',
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => /^GIF8[79]a/.test(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  // Within the first 64 KB: exports may lead with a long comment or DOCTYPE; the root may be `svg:svg`.
  'image/svg+xml': (b) => /<([A-Za-z][\w.-]*:)?svg[\s>]/.test(b.subarray(0, 65_536).toString('utf8')),
};

/** Whether `bytes` are a file of `contentType` as far as its signature tells. */
export const isImageOf = (bytes: Buffer, contentType: string) => signatures[contentType]?.(bytes) ?? false;

/** Width and height read from the file header (0 when the format hides them). */
export function imageSize(bytes: Buffer, format: string): { width: number; height: number } {
  if (format === 'png' && bytes.length >= 24)
    return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (format === 'gif' && bytes.length >= 10)
    return { width: bytes.readUInt16LE(6), height: bytes.readUInt16LE(8) };
  if (format === 'svg') {
    const head = bytes.subarray(0, 2000).toString('utf8');
    const attr = (name: string) => Number(new RegExp(`<svg[^>]*\\s${name}="([0-9.]+)`).exec(head)?.[1] ?? 0);
    const box = /viewBox="[0-9.-]+[ ,]+[0-9.-]+[ ,]+([0-9.]+)[ ,]+([0-9.]+)"/.exec(head);
    return {
      width: Math.round(attr('width') || Number(box?.[1] ?? 0)),
      height: Math.round(attr('height') || Number(box?.[2] ?? 0)),
    };
  }
  if (format === 'jpg') {
    for (let i = 2; i + 9 < bytes.length; ) {
      if (bytes[i] !== 0xff) break;
      const marker = bytes[i + 1]!;
      if (marker >= 0xc0 && marker <= 0xc3)
        return { width: bytes.readUInt16BE(i + 7), height: bytes.readUInt16BE(i + 5) };
      i += 2 + bytes.readUInt16BE(i + 2);
    }
  }
  return { width: 0, height: 0 };
}

export function diskMediaStorage(dataDir: string, publicUrl: string): MediaStorage {
  const root = join(dataDir, 'media');
  const describe = (siteId: string, fileName: string, bytes: Buffer): StoredMedia => {
    const format = fileName.split('.').pop()!;
    return {
      fileName,
      url: `${publicUrl.replace(/\/$/, '')}/media/${siteId}/${fileName}`,
      format,
      ...imageSize(bytes, format),
    };
  };
  const read = async (siteId: string, fileName: string) => {
    if (!SITE_ID.test(siteId) || !FILE_NAME.test(fileName)) return undefined;
    try {
      return await readFile(join(root, siteId, fileName));
    } catch {
      return undefined;
    }
  };
  return {
    prepare(siteId, bytes, contentType) {
      const extension = extensionOf(contentType);
      if (!extension || !SITE_ID.test(siteId)) throw new Error(`Unsupported media: ${contentType}`);
      const fileName = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extension}`;
      return {
        stored: describe(siteId, fileName, bytes),
        async write() {
          await mkdir(join(root, siteId), { recursive: true });
          await writeFile(join(root, siteId, fileName), bytes);
        },
      };
    },
    async describe(siteId, fileName) {
      const bytes = await read(siteId, fileName);
      return bytes ? describe(siteId, fileName, bytes) : undefined;
    },
    async read(siteId, fileName) {
      const bytes = await read(siteId, fileName);
      return bytes ? { bytes, contentType: mediaTypes[fileName.split('.').pop()!]! } : undefined;
    },
  };
}
