/**
 * The start-up script's part for the item and stage pages (index.html, see ./preload-start.ts): it
 * requests what such a page shows first while the app's scripts download, instead of after they ran:
 * the page's rows (a filtered matrix), its sample basis and, on a first visit (nothing in the data
 * cache), the item, stage and zone lists. `apiRequest` (src/lib/api.ts) takes each answer once, by
 * path (`window.__dropwiseEarly`); one nobody takes is dropped. The paths are the ones the app asks
 * for (src/features/results/use-matrix-slice.ts, src/lib/datasets.ts, src/lib/use-sample-basis.ts):
 * early-requests.test.ts checks them against those functions. A page the server rendered (the
 * `dropwise-prerender` meta) carries its slice and basis (src/lib/page-seeds.ts) for the default data
 * source: then only the lists are requested (the page holds parts of them and asks for them whole), and
 * not before the first paint: `window.__dropwiseLate`, which the script of ./preload-start.ts calls with
 * the app's own files. Lighthouse's model counts every request started before the first paint into it:
 * 80 KB of lists moved an item page's first paint from 1.3 to 2.1 s in some runs.
 */
export interface EarlyRequestsOptions {
  /** The API's base (src/config/env.ts `apiBase`). */
  apiBase: string
  servers: readonly string[]
  categories: readonly string[]
  /** Storage keys (src/lib/storage.ts): the data source setting and the data cache's index. */
  dataSourceKey: string
  dataCacheKey: string
  /** The data cache's version marker (src/lib/data-cache.ts `DATA_VERSION`). */
  dataCacheVersion: number
}

/** An expression statement (ES5) to run at the start of the page; it never throws. */
export const earlyRequestsScript = (o: EarlyRequestsOptions): string =>
  `try{(function(){var m=/^\\/result\\/(?:item\\/([^/]+)|stage\\/([^/]+)\\/([^/]+))\\/?$/.exec(location.pathname);if(!m||typeof fetch!=='function')return;
var r=function(k){try{return JSON.parse(localStorage.getItem(k)||'null')}catch(e){return null}},o=r(${JSON.stringify(o.dataSourceKey)})||{},x=r(${JSON.stringify(o.dataCacheKey)})||{};
var sv=${JSON.stringify(o.servers)},ct=${JSON.stringify(o.categories)},S=sv.indexOf(o.server)>=0?o.server:sv[0],C=ct.indexOf(o.category)>=0?o.category:ct[0];
var ks=x.v===${o.dataCacheVersion}&&x.keys instanceof Array?x.keys:[],has=function(k){return ks.indexOf(k)>=0};
var id=encodeURIComponent(decodeURIComponent(m[1]||m[3])),q=window.__dropwiseEarly={},get=function(p){q[p]=fetch(${JSON.stringify(o.apiBase)}+p,{credentials:'include'})};
var sr=typeof document!=='undefined'&&!!document.querySelector('meta[name=dropwise-prerender]')&&S===sv[0]&&C===ct[0]&&o.source!=='personal';
if(!sr){if(o.source!=='personal'&&!has(S+'/globalMatrix:'+C))get('/result/matrix?server='+S+'&category='+C+'&show_closed_zones=true&'+(m[1]?'itemFilter':'stageFilter')+'='+id);
get('/basis?server='+S+(m[1]?'':'&stageId='+id))}
var ls=function(){if(!has('_shared/items'))get('/items');if(!has(S+'/stages'))get('/stages?server='+S);if(!has('_shared/zones'))get('/zones')};if(sr)window.__dropwiseLate=ls;else ls()})()}catch(e){}`
