/** The emoji picker's set (spec 2: about 90), bundled as text: no image or font is fetched. */
export const EMOJI = [
  ...'😀😃😄😁😆😅🤣😂🙂🙃😉😊😇🥰😍🤩😘😗😚😙😋😛😜🤪😝🤑🤗🤭🤫🤔🤐🤨😐😑😶😏😒🙄😬😌😔😪🤤😴😷🤒🤕🤢🤮🥵🥶🥴😵🤯🤠🥳😎🤓🧐😕😟🙁😮😯😲😳🥺😦😧😨😰😥😢😭😱😖😣😞😓😩😫🥱😤😡😠🤬👍👎👏🙏💪❤️🎉🌹🔥',
].reduce<string[]>((list, char) => {
  // U+FE0F (variation selector) belongs to the emoji before it.
  if (char === '\uFE0F' && list.length > 0) list[list.length - 1] += char;
  else list.push(char);
  return list;
}, []);
