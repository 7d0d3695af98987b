import { inflateRaw } from "node:zlib";

/*
 * Reads named entries of a ZIP archive (an .xlsx) without trusting it: the central directory
 * gives each entry's place and declared size; an entry declared larger than the bounds is refused
 * before any inflating, and inflating (zlib, on libuv's thread pool, so the event loop goes on)
 * stops as soon as the output passes the declared size — a size that lies costs at most zlib's
 * chunk beyond it, never the bomb's inflated size in time or memory. fflate's unzipSync, used
 * before, inflates a lying entry to its end on the event loop (writing past the declared size
 * into nothing), which is why this exists (decision 0044).
 */

export interface ZipLimits {
  /** Entries in the central directory (an .xlsx has a few dozen). */
  maxEntries: number;
  /** Bytes one entry may inflate to. */
  maxEntryBytes: number;
  /** Bytes all entries read from one archive may inflate to together. */
  maxTotalBytes: number;
}

export class ZipError extends Error {
  constructor(
    readonly problem: "corrupt" | "too_large",
    /** Vietnamese, for the file's message: what is wrong. */
    readonly detail: string,
  ) {
    super(detail);
    this.name = "ZipError";
  }
}

interface ZipEntry {
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const MAX_32 = 0xffffffff;

const corrupt = (detail: string) => new ZipError("corrupt", detail);

export class ZipArchive {
  private readonly entries = new Map<string, ZipEntry>();
  private readonly view: DataView;
  private inflated = 0;

  constructor(
    private readonly bytes: Uint8Array,
    private readonly limits: ZipLimits,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.readDirectory();
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** The entry's inflated bytes, or null when the archive has no such entry. */
  async read(name: string): Promise<Uint8Array | null> {
    const entry = this.entries.get(name);
    if (!entry) return null;
    if (entry.flags & 1) throw corrupt("tệp được mã hoá");
    if (entry.size > this.limits.maxEntryBytes || this.inflated + entry.size > this.limits.maxTotalBytes) {
      throw new ZipError("too_large", "dữ liệu giải nén quá lớn");
    }
    const at = entry.localOffset;
    if (at + 30 > this.bytes.length || this.view.getUint32(at, true) !== 0x04034b50) throw corrupt("thiếu phần đầu mục nén");
    const start = at + 30 + this.view.getUint16(at + 26, true) + this.view.getUint16(at + 28, true);
    const end = start + entry.compressedSize;
    if (end > this.bytes.length) throw corrupt("tệp bị cắt cụt");
    const data = this.bytes.subarray(start, end);
    let out: Uint8Array;
    if (entry.method === 0) {
      if (entry.compressedSize !== entry.size) throw corrupt("kích thước mục nén không khớp");
      out = data.slice();
    } else if (entry.method === 8) out = await inflateBounded(data, entry.size);
    else throw corrupt("kiểu nén không hỗ trợ");
    this.inflated += out.length;
    return out;
  }

  private u16 = (at: number) => this.view.getUint16(at, true);
  private u32 = (at: number) => this.view.getUint32(at, true);
  private u64 = (at: number) => {
    const value = this.view.getBigUint64(at, true);
    if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw corrupt("kích thước không hợp lệ");
    return Number(value);
  };

  private readDirectory() {
    const bytes = this.bytes;
    // The end record is in the last 22 bytes plus at most a 65,535-byte comment.
    let end = -1;
    for (let at = bytes.length - 22; at >= 0 && at >= bytes.length - 22 - 0xffff; at--) {
      if (this.u32(at) === 0x06054b50) {
        end = at;
        break;
      }
    }
    if (end < 0) throw corrupt("không tìm thấy mục lục tệp nén");
    let count = this.u16(end + 10);
    let offset = this.u32(end + 16);
    if (count === 0xffff || offset === MAX_32) {
      const locator = end - 20;
      if (locator < 0 || this.u32(locator) !== 0x07064b50) throw corrupt("mục lục ZIP64 không hợp lệ");
      const record = this.u64(locator + 8);
      if (record + 56 > bytes.length || this.u32(record) !== 0x06064b50) throw corrupt("mục lục ZIP64 không hợp lệ");
      count = this.u64(record + 32);
      offset = this.u64(record + 48);
    }
    if (count > this.limits.maxEntries) throw corrupt("quá nhiều mục trong tệp nén");
    let at = offset;
    for (let i = 0; i < count; i++) {
      if (at + 46 > bytes.length || this.u32(at) !== 0x02014b50) throw corrupt("mục lục tệp nén bị hỏng");
      const nameLength = this.u16(at + 28);
      const extraLength = this.u16(at + 30);
      const nameEnd = at + 46 + nameLength;
      if (nameEnd + extraLength > bytes.length) throw corrupt("mục lục tệp nén bị hỏng");
      const entry: ZipEntry = {
        flags: this.u16(at + 8),
        method: this.u16(at + 10),
        compressedSize: this.u32(at + 20),
        size: this.u32(at + 24),
        localOffset: this.u32(at + 42),
      };
      if (entry.compressedSize === MAX_32 || entry.size === MAX_32 || entry.localOffset === MAX_32) {
        this.readZip64Sizes(entry, nameEnd, nameEnd + extraLength);
      }
      const name = new TextDecoder().decode(bytes.subarray(at + 46, nameEnd));
      if (!this.entries.has(name)) this.entries.set(name, entry);
      at = nameEnd + extraLength + this.u16(at + 32);
    }
  }

  /** The ZIP64 extra field holds, in this order, each size or offset that is 0xFFFFFFFF above. */
  private readZip64Sizes(entry: ZipEntry, from: number, to: number) {
    for (let at = from; at + 4 <= to; at += 4 + this.u16(at + 2)) {
      if (this.u16(at) !== 1) continue;
      let field = at + 4;
      const next = () => {
        if (field + 8 > to) throw corrupt("mục lục ZIP64 không hợp lệ");
        const value = this.u64(field);
        field += 8;
        return value;
      };
      if (entry.size === MAX_32) entry.size = next();
      if (entry.compressedSize === MAX_32) entry.compressedSize = next();
      if (entry.localOffset === MAX_32) entry.localOffset = next();
      return;
    }
    throw corrupt("mục lục ZIP64 không hợp lệ");
  }
}

/** Inflates `data`, refusing as soon as the output passes `declared` bytes. */
function inflateBounded(data: Uint8Array, declared: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    // zlib wants a limit of at least one byte; an empty entry must then inflate to nothing.
    inflateRaw(data, { maxOutputLength: Math.max(declared, 1) }, (error, out) => {
      if (error) {
        const code = (error as NodeJS.ErrnoException).code;
        reject(corrupt(code === "ERR_BUFFER_TOO_LARGE" ? "kích thước giải nén lớn hơn kích thước khai báo" : "dữ liệu nén bị hỏng"));
      } else if (out.length !== declared) reject(corrupt("kích thước giải nén không khớp kích thước khai báo"));
      else resolve(new Uint8Array(out.buffer, out.byteOffset, out.length));
    });
  });
}
