/**
 * Letters of other alphabets that read as a Latin letter, after lower-casing (so Cyrillic В, lower-cased
 * в, stands for b). A small table in the spirit of Unicode's confusables (UTS #39) for the alphabets a
 * name may use; two names with one skeleton cannot both be registered.
 */
const CONFUSABLES: Record<string, string> = {
  // Cyrillic
  а: 'a', в: 'b', с: 'c', ԁ: 'd', е: 'e', ё: 'e', һ: 'h', н: 'h', і: 'i', ї: 'i', ј: 'j', к: 'k', ӏ: 'l', м: 'm',
  п: 'n', о: 'o', р: 'p', ԛ: 'q', г: 'r', ѕ: 's', т: 't', ц: 'u', ѵ: 'v', ԝ: 'w', х: 'x', у: 'y', з: '3',
  // Greek
  α: 'a', β: 'b', ε: 'e', ζ: 'z', η: 'h', ι: 'i', κ: 'k', μ: 'm', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'y',
  χ: 'x', ω: 'w', ϲ: 'c', ϳ: 'j',
  // Latin look-alikes of plain letters
  ı: 'i', ȷ: 'j', ɑ: 'a', ɡ: 'g', ɩ: 'i', ʏ: 'y',
};

/**
 * The skeleton of a user name: compatibility forms folded (NFKC), accents dropped, lower-cased, and
 * look-alike letters of Cyrillic and Greek mapped to the Latin letter they imitate. Stored in a unique
 * column, so `admin`, `Admin`, `ａｄｍｉｎ` and a Cyrillic `аdmin` are one name.
 */
export function usernameSkeleton(username: string): string {
  const folded = username.normalize('NFKD').replace(/\p{M}/gu, '').normalize('NFKC').toLowerCase();
  let skeleton = '';
  for (const char of folded) skeleton += CONFUSABLES[char] ?? char;
  return skeleton;
}
