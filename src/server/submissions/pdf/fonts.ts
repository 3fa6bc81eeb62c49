import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

/**
 * The PDF's fonts: DejaVu Sans (regular and bold, from the `dejavu-fonts-ttf` package; Bitstream Vera
 * licence, public-domain DejaVu changes), which covers Latin with its extensions, Greek and Cyrillic.
 *
 * Speed matters (the admins' export renders a thousand submissions), so:
 * - each face is read and parsed once per process, and pdf-lib is handed that parsed font rather than
 *   re-parsing the file for every document (parsing is cheap, but a fresh font starts with cold glyph
 *   caches);
 * - text is drawn without OpenType shaping (no kerning, ligatures or mark positioning): shaping was
 *   most of the render time, and leaving it out is invisible for the scripts the font covers (text is
 *   NFC-normalized first, so accented letters are precomposed glyphs);
 * - widths are summed from a per-character cache, matching what is drawn exactly.
 */

const FONT_FILES = {
  regular: "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
  bold: "dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf",
} as const;
export type FontStyle = keyof typeof FONT_FILES;

type FontkitFont = ReturnType<typeof fontkit.create>;
type PdfFontkit = Parameters<PDFDocument["registerFontkit"]>[0];

/**
 * The font as pdf-lib sees it: the parsed font with a `layout` that maps each character to its glyph
 * without OpenType shaping. pdf-lib calls `layout` to encode every line drawn (PDFFont.encodeText);
 * fontkit's own prepares a shaping plan on every call. Everything else (metrics, subsetting) is the
 * parsed font's, through the prototype, so only fontkit's public API is relied on.
 */
function unshaped(font: FontkitFont): FontkitFont {
  const fast: FontkitFont = Object.create(font);
  const glyphs = new Map<number, ReturnType<FontkitFont["glyphForCodePoint"]>>();
  const glyphFor = (cp: number) => {
    let glyph = glyphs.get(cp);
    if (!glyph) {
      glyph = font.glyphForCodePoint(cp);
      // fontkit makes one glyph object per glyph id, the first time anything asks for it, and keeps it. When
      // a subset is written, a composite glyph asks for its parts without their characters ("E" inside "É"):
      // if no text had drawn "E" before, every later "E" of the process came out of that object, with no
      // character, so the PDF's ToUnicode map left it out and copy, search and screen readers lost the letter.
      if (glyph.codePoints.length === 0) glyph.codePoints = [cp];
      if (glyphs.size < CACHE_LIMIT) glyphs.set(cp, glyph);
    }
    return glyph;
  };
  const layout = (text: string) => {
    const run = [];
    for (let i = 0; i < text.length; i++) {
      const cp = text.codePointAt(i)!;
      if (cp > 0xffff) i++;
      run.push(glyphFor(cp));
    }
    return { glyphs: run, positions: [] };
  };
  return Object.assign(fast, { layout }) as FontkitFont;
}

/** Invisible format characters, dropped: joiners and zero-width spaces, variation selectors, BOM. */
const isIgnorable = (cp: number) =>
  (cp >= 0x200b && cp <= 0x200f) ||
  (cp >= 0x2060 && cp <= 0x2064) ||
  (cp >= 0xfe00 && cp <= 0xfe0f) ||
  cp === 0xfeff ||
  (cp >= 0xe0100 && cp <= 0xe01ef);
const REPLACEMENT = "?";
/** Bound on the per-character caches, so hostile text cannot grow them without limit. */
const CACHE_LIMIT = 50_000;

/** One typeface: its bytes, the parsed font and the caches used to measure and clean text. */
export class Face {
  private readonly unitsPerEm: number;
  private readonly advances = new Map<number, number>();
  private readonly replacements = new Map<number, string>();
  /** Ascent and descent (negative) per point of font size. */
  readonly ascent: number;
  readonly descent: number;

  constructor(
    readonly bytes: Uint8Array,
    readonly font: FontkitFont,
  ) {
    this.unitsPerEm = font.unitsPerEm;
    this.ascent = font.ascent / font.unitsPerEm;
    this.descent = font.descent / font.unitsPerEm;
  }

  /**
   * The text with what this font cannot draw replaced: line breaks as "\n", other control characters
   * dropped, tabs as spaces, invisible format characters dropped, any other character without a glyph
   * (emoji, CJK…) as "?". Never throws, whatever the input (lone surrogates included).
   */
  clean(text: string): string {
    const normalized = text.normalize("NFC").replace(/\r\n?/g, "\n");
    let out = "";
    let start = 0;
    let index = 0;
    // Copy runs of drawable characters in one slice; only the rare replaced ones cost more.
    for (const char of normalized) {
      const cp = char.codePointAt(0)!;
      const replacement = this.replacementFor(cp, char);
      if (replacement !== undefined) {
        out += normalized.slice(start, index) + replacement;
        start = index + char.length;
      }
      index += char.length;
    }
    return start === 0 ? normalized : out + normalized.slice(start);
  }

  /** undefined when the character is drawn as it is. */
  private replacementFor(cp: number, char: string): string | undefined {
    if (cp === 10) return undefined;
    if (cp >= 0x20 && cp < 0x7f) return undefined; // ASCII: always in the font
    const cached = this.replacements.get(cp);
    if (cached !== undefined) return cached === char ? undefined : cached;
    let replacement: string;
    if (cp === 9) replacement = " ";
    else if (cp === 0x85 || cp === 0x2028 || cp === 0x2029) replacement = "\n";
    else if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) replacement = "";
    else if (isIgnorable(cp)) replacement = "";
    else if (this.font.hasGlyphForCodePoint(cp)) replacement = char;
    else replacement = REPLACEMENT;
    if (this.replacements.size < CACHE_LIMIT) this.replacements.set(cp, replacement);
    return replacement === char ? undefined : replacement;
  }

  /** The advance of one character in font units. */
  private advance(cp: number): number {
    let advance = this.advances.get(cp);
    if (advance === undefined) {
      advance = this.font.glyphForCodePoint(cp).advanceWidth;
      if (this.advances.size < CACHE_LIMIT) this.advances.set(cp, advance);
    }
    return advance;
  }

  /** The width in points of (cleaned) text drawn at `size`. */
  width(text: string, size: number): number {
    let units = 0;
    for (let i = 0; i < text.length; i++) {
      const cp = text.codePointAt(i)!;
      if (cp > 0xffff) i++;
      units += this.advance(cp);
    }
    return (units * size) / this.unitsPerEm;
  }
}

let faces: Record<FontStyle, Face> | undefined;

/** The faces, read from disk and parsed on first use, then kept for the life of the process. */
export function loadFaces(): Record<FontStyle, Face> {
  if (!faces) {
    const require = createRequire(import.meta.url);
    const load = (style: FontStyle) => {
      const bytes = new Uint8Array(readFileSync(require.resolve(FONT_FILES[style])));
      return new Face(bytes, unshaped(fontkit.create(bytes)));
    };
    faces = { regular: load("regular"), bold: load("bold") };
  }
  return faces;
}

/** A fontkit for pdf-lib that returns the already parsed font for our font files. */
const cachedFontkit: PdfFontkit = {
  create(bytes: Uint8Array, postscriptName?: string) {
    const face = faces && Object.values(faces).find((f) => f.bytes === bytes);
    return (face?.font ?? fontkit.create(bytes, postscriptName)) as ReturnType<PdfFontkit["create"]>;
  },
};

export interface EmbeddedFont {
  face: Face;
  pdf: PDFFont;
}

/** Both faces embedded in `doc` as subsets: only the glyphs drawn end up in the file. */
export async function embedFonts(doc: PDFDocument): Promise<Record<FontStyle, EmbeddedFont>> {
  const { regular, bold } = loadFaces();
  doc.registerFontkit(cachedFontkit);
  const embed = async (face: Face): Promise<EmbeddedFont> => ({
    face,
    pdf: await doc.embedFont(face.bytes, { subset: true }),
  });
  return { regular: await embed(regular), bold: await embed(bold) };
}
