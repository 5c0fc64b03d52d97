/**
 * A parse of a request header, remembered by the header's text: browsers send a handful of distinct
 * `Accept-Encoding` and `Accept-Language` values, and the hot path reads them on every request. At most
 * `limit` texts are kept (the map starts over when full), so made-up headers cannot grow memory.
 */
export function memoizeByHeader<T>(parse: (header: string) => T, limit = 256): (header: string) => T {
  const known = new Map<string, T>();
  return (header) => {
    let value = known.get(header);
    if (value === undefined) {
      if (known.size >= limit) known.clear();
      value = parse(header);
      known.set(header, value);
    }
    return value;
  };
}
