import { Type, type Static } from 'typebox';

export const SiteConfigDto = Type.Object({
  name: Type.String(),
  author: Type.String(),
  avatar: Type.String(),
  motto: Type.String(),
  typedMottos: Type.Array(Type.String()),
  notice: Type.String(),
  /** The footer's copyright line; '' shows「© 年份 网站名称」. */
  copyright: Type.String(),
  filingNumber: Type.String(),
  since: Type.String(),
  viewCount: Type.Integer(),
  updatedAt: Type.String(),
});
export type SiteConfigDto = Static<typeof SiteConfigDto>;

export const ViewCountDto = Type.Object({ viewCount: Type.Integer() });
export type ViewCountDto = Static<typeof ViewCountDto>;

export const PageHeaderDto = Type.Object({ route: Type.String(), image: Type.String() });
export type PageHeaderDto = Static<typeof PageHeaderDto>;
export const PageHeaderListDto = Type.Array(PageHeaderDto);
