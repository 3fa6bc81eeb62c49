import type { FileType } from "../../shared/forms/model";

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((b, i) => bytes[i] === b);

/** What the bytes are, by their signature — never by the name or the type the browser claimed. */
export function sniffFileType(bytes: Uint8Array): Exclude<FileType, "any"> | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  return null;
}

export const CONTENT_TYPE_OF: Record<Exclude<FileType, "any">, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
};

const EXTENSIONS: Record<Exclude<FileType, "any">, readonly string[]> = {
  pdf: [".pdf"],
  png: [".png"],
  jpeg: [".jpg", ".jpeg"],
};

/** Whether a file name fits a question's file type (checked before the upload; the bytes decide after). */
export function nameFitsType(name: string, type: FileType): boolean {
  if (type === "any") return true;
  const lower = name.toLowerCase();
  return EXTENSIONS[type].some((ext) => lower.endsWith(ext));
}
