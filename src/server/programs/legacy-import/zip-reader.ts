import { type FileHandle, open } from "node:fs/promises";
import { crc32, inflateRawSync } from "node:zlib";

/**
 * Reading a zip the server received into a temporary file (docs/decisions/032-legacy-program-import.md,
 * "A zip with the attachments"): the central directory is read first, so every entry's name and declared
 * size is known before a byte of it is inflated; then one entry at a time is read from its offset and
 * inflated, never past its declared size (a "zip bomb" that lies about its size stops there), and its
 * checksum compared. Memory holds one entry at a time. Stored and deflated entries only (what every zip
 * tool writes by default); encrypted entries and zip64 archives are refused.
 */

export interface ZipEntry {
  /** The path inside the archive, with forward slashes. */
  name: string;
  /** The declared size once inflated. */
  size: number;
  compressedSize: number;
  method: number;
  crc: number;
  encrypted: boolean;
  localHeaderOffset: number;
}

/** The archive cannot be read, or one of its entries is damaged: the reason says which. */
export class ZipUnreadable extends Error {}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;
/** The end record is 22 bytes, after at most a 65,535-byte comment. */
const END_SEARCH = 22 + 0xffff;

async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const { bytesRead } = await file.read(buffer, read, length - read, position + read);
    if (bytesRead === 0) throw new ZipUnreadable("The zip file is cut short.");
    read += bytesRead;
  }
  return buffer;
}

/** An open archive: its entries, and a way to read each. */
export interface ZipArchive {
  entries: ZipEntry[];
  /** The entry's bytes, inflated and checked against its checksum and declared size. */
  read(entry: ZipEntry): Promise<Buffer>;
  close(): Promise<void>;
}

export async function openZip(path: string, limits: { maxEntries: number }): Promise<ZipArchive> {
  const file = await open(path, "r");
  try {
    const { size } = await file.stat();
    if (size < 22) throw new ZipUnreadable("The file is not a zip archive.");
    const tailLength = Math.min(size, END_SEARCH);
    const tail = await readAt(file, size - tailLength, tailLength);
    let end = -1;
    for (let i = tail.length - 22; i >= 0; i--) {
      if (tail.readUInt32LE(i) === END_OF_CENTRAL_DIRECTORY) {
        end = i;
        break;
      }
    }
    if (end < 0) throw new ZipUnreadable("The file is not a zip archive.");
    const count = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (count === 0xffff || directoryOffset === 0xffffffff)
      throw new ZipUnreadable("Zip64 archives are not supported: make a plain zip (under 4 GB).");
    if (count > limits.maxEntries)
      throw new ZipUnreadable(`The zip holds ${count} entries; at most ${limits.maxEntries} are read.`);
    if (directoryOffset + directorySize > size) throw new ZipUnreadable("The zip file is cut short.");
    const directory = await readAt(file, directoryOffset, directorySize);
    const entries: ZipEntry[] = [];
    let at = 0;
    for (let i = 0; i < count; i++) {
      if (at + 46 > directory.length || directory.readUInt32LE(at) !== CENTRAL_DIRECTORY_ENTRY)
        throw new ZipUnreadable("The zip's directory is damaged.");
      const flags = directory.readUInt16LE(at + 8);
      const nameLength = directory.readUInt16LE(at + 28);
      const extraLength = directory.readUInt16LE(at + 30);
      const commentLength = directory.readUInt16LE(at + 32);
      const nameBytes = directory.subarray(at + 46, at + 46 + nameLength);
      entries.push({
        // Bit 11: the name is UTF-8; tools that leave it unset write ASCII names in practice.
        name: nameBytes.toString(flags & 0x800 ? "utf8" : "latin1").replace(/\\/g, "/"),
        method: directory.readUInt16LE(at + 10),
        crc: directory.readUInt32LE(at + 16),
        compressedSize: directory.readUInt32LE(at + 20),
        size: directory.readUInt32LE(at + 24),
        encrypted: (flags & 0x1) !== 0,
        localHeaderOffset: directory.readUInt32LE(at + 42),
      });
      at += 46 + nameLength + extraLength + commentLength;
    }
    return {
      entries,
      read: async (entry) => {
        if (entry.encrypted) throw new ZipUnreadable("The file is encrypted.");
        if (entry.method !== STORED && entry.method !== DEFLATED)
          throw new ZipUnreadable("The file is compressed in a way the import does not read (not deflate).");
        const header = await readAt(file, entry.localHeaderOffset, 30);
        if (header.readUInt32LE(0) !== LOCAL_HEADER) throw new ZipUnreadable("The file's entry is damaged.");
        const dataOffset = entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
        if (dataOffset + entry.compressedSize > size) throw new ZipUnreadable("The zip file is cut short.");
        const packed = await readAt(file, dataOffset, entry.compressedSize);
        let bytes: Buffer;
        try {
          // Never inflated past the size the directory declares.
          bytes =
            entry.method === STORED
              ? packed
              : inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.size) });
        } catch {
          throw new ZipUnreadable("The file's compressed data is damaged or larger than the zip says.");
        }
        if (bytes.length !== entry.size || crc32(bytes) !== entry.crc)
          throw new ZipUnreadable("The file's content does not match its checksum: the zip is damaged.");
        return bytes;
      },
      close: () => file.close(),
    };
  } catch (error) {
    await file.close();
    throw error;
  }
}
