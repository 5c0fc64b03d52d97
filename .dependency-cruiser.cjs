/**
 * The layering rules of ARCHITECTURE.md section 1, checked by `npm run lint`: a wrong import fails the build.
 * Paths are relative to the project root; npm packages resolve to `node_modules/<name>/…`.
 */
const lib = (name) => `(^|/)node_modules/${name.replace('/', '\\/')}/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'Modules must not import each other in a cycle. A cycle closed by a type-only import vanishes at run time ' +
        '(a migration typing its context from the migration index is the accepted case), so only runtime cycles count.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'domain-is-framework-free',
      comment: 'src/domain imports only xstate and src/domain: no React, axios, DOM helpers or Node built-ins.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { pathNot: ['^src/domain/', lib('xstate')] },
    },
    {
      name: 'ports-depend-on-domain-types-only',
      comment: 'src/ports imports only src/ports, and src/domain (and xstate actor types) as types.',
      severity: 'error',
      from: { path: '^src/ports/' },
      to: { pathNot: ['^src/ports/', '^src/domain/', lib('xstate')] },
    },
    {
      name: 'ports-import-domain-as-types',
      comment: 'A port describes a shape; it must not pull domain or xstate code into whoever reads it.',
      severity: 'error',
      from: { path: '^src/ports/' },
      to: { path: ['^src/domain/', lib('xstate')], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'ui-never-imports-adapters',
      comment: 'src/ui imports src/domain, src/ports, src/ui and libraries; adapters arrive through the container.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: ['^src/adapters/', '^src/composition-root', '^src/protocol/', '^src/main', '^server/', lib('axios')] },
    },
    {
      name: 'adapters-stay-behind-ports',
      comment: 'src/adapters may import src/ports, src/domain, src/protocol, src/i18n, each other and libraries.',
      severity: 'error',
      from: { path: '^src/adapters/' },
      to: { path: ['^src/', '^server/'], pathNot: ['^src/(adapters|ports|domain|protocol|i18n)/'] },
    },
    {
      name: 'only-the-composition-root-imports-adapters',
      comment: 'src/composition-root.ts binds ports to adapters; nothing else knows which adapter serves a port.',
      severity: 'error',
      from: { pathNot: ['^src/composition-root\\.ts$', '^src/adapters/'] },
      to: { path: '^src/adapters/' },
    },
    {
      name: 'only-main-imports-the-composition-root',
      severity: 'error',
      from: { pathNot: ['^src/main\\.tsx$', '^src/entry-server\\.tsx$'] },
      to: { path: '^src/composition-root\\.ts$' },
    },
    {
      name: 'protocol-is-plain-schemas',
      comment: 'src/protocol is the wire contract shared by client and server: typebox and itself only.',
      severity: 'error',
      from: { path: '^src/protocol/' },
      to: { pathNot: ['^src/protocol/', lib('typebox')] },
    },
    {
      name: 'catalogue-is-plain-text',
      comment: 'src/i18n is the text catalogue (Chinese, English beside it), read by the server and the client: itself and domain types only.',
      severity: 'error',
      from: { path: '^src/i18n/' },
      to: { pathNot: ['^src/i18n/', '^src/domain/'] },
    },
    {
      name: 'english-catalogue-stands-alone',
      comment:
        "An English page runs the English chunks before the app's modules (src/i18n/english/install.ts): they import nothing of the app but each other, types aside, or they would start the app first.",
      severity: 'error',
      from: { path: '^src/i18n/(en|english)(/|[.]ts$)' },
      to: { path: '^src/', pathNot: ['^src/i18n/(en|english)(/|[.]ts$)'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-domain-is-framework-free',
      comment:
        'server/domain holds the rules: no fastify, kysely, database drivers, ws or node built-ins. ' +
        'It may read the shared wire types, the client domain and the one text catalogue.',
      severity: 'error',
      from: { path: '^server/domain/' },
      to: { pathNot: ['^server/domain/', '^server/ports/', '^src/protocol/', '^src/domain/', '^src/i18n/zh-CN(\\.ts$|/)'] },
    },
    {
      name: 'server-ports-are-interfaces',
      comment: 'server/ports describes what the domain needs; adapters implement it, so ports never import them.',
      severity: 'error',
      from: { path: '^server/ports/' },
      to: { path: ['^server/adapters/', '^server/main', '^server/cli/', lib('fastify'), lib('kysely'), lib('pg'), lib('better-sqlite3'), lib('ws')] },
    },
    {
      name: 'server-reads-only-shared-client-code',
      comment:
        'The server shares the wire contract, the client domain and the text catalogue; never browser code. ' +
        'The server renderer implements the client ports (server/adapters/ssr) and loads the built views at run time.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: ['^src/protocol/', '^src/domain/', '^src/i18n/(zh-CN|en)(\\.ts$|/)', '^src/i18n/language\\.ts$', '^src/ports/(contentApi|siteApi|commentsApi|pageSeed)\\.ts$'] },
    },
    {
      name: 'client-never-imports-server',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|data|content|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
