/**
 * The shape another language's catalogue must have: every key of the Chinese area, with any text in place
 * of each text, the same parameters for each function, and lists of texts for lists.
 */
export type Translation<T> = T extends string
  ? string
  : T extends (...args: infer Args) => infer Result
    ? (...args: Args) => Result extends string ? string : Translation<Result>
    : T extends readonly (infer Item)[]
      ? readonly Translation<Item>[]
      : T extends object
        ? { readonly [K in keyof T]: Translation<T[K]> }
        : T;
