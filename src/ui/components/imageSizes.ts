/**
 * The `sizes` of the pictures the views show: the width each is laid out at (see the stylesheets beside
 * the views), from which the browser picks the smallest variant in the `srcset` that is sharp enough.
 * A little too wide is harmless; too narrow would look soft. Layout breakpoints: 640px and 999px.
 */
export const IMAGE_SIZES = {
  /** Page banners and the photo viewer fill the window's width. */
  fullWidth: '100vw',
  /** The article page's cover, across the article card. */
  articleCover: '(max-width: 1120px) 100vw, 820px',
  /** A list card's cover: the whole card on a phone, two fifths of it beside the text on a wider screen. */
  cardCover: '(max-width: 640px) calc(100vw - 32px), 440px',
  /** Album covers and resource covers in grids of columns at least 250px wide. */
  gridCover: '(max-width: 640px) calc(100vw - 32px), 360px',
  /** Photos in masonry columns (one column on a phone). */
  masonryPhoto: '(max-width: 560px) calc(100vw - 64px), 360px',
  /** Talk pictures: one alone up to 320px, several in a three-column grid of at most 420px. */
  talkSingle: '320px',
  talkGrid: '140px',
  /** Small thumbnails and avatars, at their fixed CSS size. */
  thumbnail: '96px',
  avatar: '64px',
} as const;
