/** Paths the client renders; the server answers them with the app shell (anything else is a 404). */
export const CLIENT_ROUTES = [
  '/',
  '/home',
  '/archives',
  '/category',
  '/tag',
  '/article',
  '/articleList',
  '/photoAlbum',
  '/photos',
  '/talk',
  '/link/list',
  '/resources/front',
  '/resources/back',
  '/siteList',
  '/userCenter',
  '/message/list',
  '/message/publish',
  '/message/detail',
  '/message/chat',
] as const;

export type ClientRoute = (typeof CLIENT_ROUTES)[number];

/** The address of an article's page. */
export function articlePath(id: number): string {
  return `/article?id=${id}`;
}
