import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { FriendLinkReviewBody, ResourceSide } from '../../../../../src/protocol/content';
import {
  ConsoleLinkDto,
  ConsoleResourceDto,
  ConsoleSiteEntryDto,
  LinkBody,
  OrderBody,
  PageHeaderSlotDto,
  ResourceBody,
  ResourceOrderBody,
  SiteEntryBody,
  SiteSettingsDto,
} from '../../../../../src/protocol/console/site';
import { envelopeOf } from '../../../../../src/protocol/envelope';
import type { DirectoryConsoleService } from '../../../../domain/content/directoryConsoleService';
import type { SiteConsoleService } from '../../../../domain/site/siteConsoleService';
import { ok } from '../../envelope';

const IdParams = Type.Object({ id: Type.String() });
const Done = { 200: envelopeOf(Type.Null()) };

/** 网站设置: the site's name, author card, notice, footer lines and one banner per page. */
export const siteConsoleRoutes: FastifyPluginAsyncTypebox<{ site: SiteConsoleService }> = async (app, { site }) => {
  app.get('/site/settings', { schema: { response: { 200: envelopeOf(SiteSettingsDto) } } }, async () => ok(await site.settings()));

  app.put('/site/settings', { schema: { body: SiteSettingsDto, response: { 200: envelopeOf(SiteSettingsDto) } } }, async (request) =>
    ok(await site.saveSettings(request.body)),
  );

  app.get('/site/pageHeaders', { schema: { response: { 200: envelopeOf(Type.Array(PageHeaderSlotDto)) } } }, async () =>
    ok(await site.pageHeaders()),
  );

  app.put(
    '/site/pageHeaders',
    { schema: { body: PageHeaderSlotDto, response: { 200: envelopeOf(PageHeaderSlotDto) } } },
    async (request) => ok(await site.setPageHeader(request.body)),
  );
};

/** 友链, 资源 and 网站导航: review, add, edit, delete and order. */
export const directoryConsoleRoutes: FastifyPluginAsyncTypebox<{ directory: DirectoryConsoleService }> = async (
  app,
  { directory },
) => {
  app.get('/links', { schema: { response: { 200: envelopeOf(Type.Array(ConsoleLinkDto)) } } }, async () => ok(await directory.links()));

  app.post('/links', { schema: { body: LinkBody, response: { 200: envelopeOf(ConsoleLinkDto) } } }, async (request) =>
    ok(await directory.addLink(request.body)),
  );

  app.put(
    '/links/:id',
    { schema: { params: IdParams, body: LinkBody, response: { 200: envelopeOf(ConsoleLinkDto) } } },
    async (request) => ok(await directory.editLink(request.params.id, request.body)),
  );

  app.put(
    '/links/:id/review',
    { schema: { params: IdParams, body: FriendLinkReviewBody, response: { 200: envelopeOf(ConsoleLinkDto) } } },
    async (request) => ok(await directory.reviewLink(request.params.id, request.body.approved)),
  );

  app.delete('/links/:id', { schema: { params: IdParams, response: Done } }, async (request) => {
    await directory.removeLink(request.params.id);
    return ok(null);
  });

  app.get(
    '/resources/:side',
    { schema: { params: Type.Object({ side: ResourceSide }), response: { 200: envelopeOf(Type.Array(ConsoleResourceDto)) } } },
    async (request) => ok(await directory.resources(request.params.side)),
  );

  app.post('/resources', { schema: { body: ResourceBody, response: { 200: envelopeOf(ConsoleResourceDto) } } }, async (request) =>
    ok(await directory.addResource(request.body)),
  );

  app.put(
    '/resources/order',
    { schema: { body: ResourceOrderBody, response: { 200: envelopeOf(Type.Array(ConsoleResourceDto)) } } },
    async (request) => ok(await directory.orderResources(request.body.side, request.body.ids)),
  );

  app.put(
    '/resources/:id',
    { schema: { params: IdParams, body: ResourceBody, response: { 200: envelopeOf(ConsoleResourceDto) } } },
    async (request) => ok(await directory.editResource(request.params.id, request.body)),
  );

  app.delete('/resources/:id', { schema: { params: IdParams, response: Done } }, async (request) => {
    await directory.removeResource(request.params.id);
    return ok(null);
  });

  app.get('/siteList', { schema: { response: { 200: envelopeOf(Type.Array(ConsoleSiteEntryDto)) } } }, async () =>
    ok(await directory.sites()),
  );

  app.post('/siteList', { schema: { body: SiteEntryBody, response: { 200: envelopeOf(ConsoleSiteEntryDto) } } }, async (request) =>
    ok(await directory.addSite(request.body)),
  );

  app.put(
    '/siteList/order',
    { schema: { body: OrderBody, response: { 200: envelopeOf(Type.Array(ConsoleSiteEntryDto)) } } },
    async (request) => ok(await directory.orderSites(request.body.ids)),
  );

  app.put(
    '/siteList/:id',
    { schema: { params: IdParams, body: SiteEntryBody, response: { 200: envelopeOf(ConsoleSiteEntryDto) } } },
    async (request) => ok(await directory.editSite(request.params.id, request.body)),
  );

  app.delete('/siteList/:id', { schema: { params: IdParams, response: Done } }, async (request) => {
    await directory.removeSite(request.params.id);
    return ok(null);
  });
};
