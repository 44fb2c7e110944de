// GGUF v3: header, typed key/value metadata, tensor infos, then tensor data, each tensor
// aligned to `general.alignment` (32 bytes by default). Little-endian throughout.

export type GgufValue =
  | { type: 'u32'; value: number }
  | { type: 'i32'; value: number }
  | { type: 'f32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'string'; value: string }
  | { type: 'string[]'; value: string[] }
  | { type: 'i32[]'; value: number[] }
  | { type: 'f32[]'; value: number[] };

export interface GgufTensor {
  name: string;
  /** GGUF order: dims[0] is the length of a row (the innermost dimension). */
  dims: number[];
  data: Float32Array;
}

const ALIGNMENT = 32;
const T = { u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9 } as const;
const GGML_TYPE_F32 = 0;

/** Accumulates bytes into growable chunks. */
class ByteWriter {
  private readonly chunks: Buffer[] = [];
  length = 0;

  push(buf: Buffer): void {
    this.chunks.push(buf);
    this.length += buf.length;
  }
  u32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  i32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(v);
    this.push(b);
  }
  f32(v: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    this.push(b);
  }
  u64(v: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  str(s: string): void {
    const bytes = Buffer.from(s, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  pad(): void {
    const rest = this.length % ALIGNMENT;
    if (rest) this.push(Buffer.alloc(ALIGNMENT - rest));
  }
  toBuffer(): Buffer {
    return Buffer.concat(this.chunks, this.length);
  }
}

function writeValue(w: ByteWriter, v: GgufValue): void {
  switch (v.type) {
    case 'u32':
      return (w.u32(T.u32), w.u32(v.value));
    case 'i32':
      return (w.u32(T.i32), w.i32(v.value));
    case 'f32':
      return (w.u32(T.f32), w.f32(v.value));
    case 'bool':
      return (w.u32(T.bool), w.push(Buffer.from([v.value ? 1 : 0])));
    case 'string':
      return (w.u32(T.string), w.str(v.value));
    case 'string[]':
      w.u32(T.array), w.u32(T.string), w.u64(v.value.length);
      return v.value.forEach((s) => w.str(s));
    case 'i32[]':
      w.u32(T.array), w.u32(T.i32), w.u64(v.value.length);
      return v.value.forEach((n) => w.i32(n));
    case 'f32[]':
      w.u32(T.array), w.u32(T.f32), w.u64(v.value.length);
      return v.value.forEach((n) => w.f32(n));
  }
}

/** Serializes a GGUF v3 file with F32 tensors. */
export function writeGguf(metadata: Record<string, GgufValue>, tensors: GgufTensor[]): Buffer {
  const w = new ByteWriter();
  w.push(Buffer.from('GGUF', 'ascii'));
  w.u32(3);
  w.u64(tensors.length);
  w.u64(Object.keys(metadata).length);
  for (const [key, value] of Object.entries(metadata)) {
    w.str(key);
    writeValue(w, value);
  }
  let offset = 0;
  for (const t of tensors) {
    const count = t.dims.reduce((a, b) => a * b, 1);
    if (count !== t.data.length) throw new Error(`Tensor ${t.name}: dims ${t.dims} need ${count} values, got ${t.data.length}`);
    w.str(t.name);
    w.u32(t.dims.length);
    for (const d of t.dims) w.u64(d);
    w.u32(GGML_TYPE_F32);
    w.u64(offset);
    offset += Math.ceil((count * 4) / ALIGNMENT) * ALIGNMENT;
  }
  w.pad();
  for (const t of tensors) {
    w.push(Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength));
    w.pad();
  }
  return w.toBuffer();
}
