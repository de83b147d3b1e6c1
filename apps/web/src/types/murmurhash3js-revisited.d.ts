declare module 'murmurhash3js-revisited' {
  type Bytes = Uint8Array | ArrayLike<number>;
  interface MurmurHash3 {
    x86: {
      hash32(bytes: Bytes, seed?: number): number;
      hash128(bytes: Bytes, seed?: number): string;
    };
    x64: {
      hash128(bytes: Bytes, seed?: number): string;
    };
  }
  const murmurHash3: MurmurHash3;
  export default murmurHash3;
}
