import { StyleSheet } from '@emotion/sheet'

/*
 * The server-rendered and pre-rendered pages carry their emotion rules as `<style data-emotion>` tags at
 * the end of <head> (ssr.tsx `styleTags`). emotion's caches "hydrate" such tags: they take each one out
 * of the document and put it back at the place their own insertions start (`StyleSheet.hydrate` →
 * `insertBefore`, which Chromium performs as a removal and an insertion even when the tag is already
 * there). Each time, the browser drops that style sheet and adds it again, and restyles the whole page:
 * about 4 ms of the start chunk's evaluation on a phone (the app's default cache is made there), in
 * the one task that blocks longest before the app runs.
 *
 * Here a sheet adopts the tags where they are. They are already in the order emotion would give them
 * (the globals, then the classes: ssr.tsx), and a sheet inserts its later rules after the last tag it
 * holds, so the rules cascade as before. Imported first by main.tsx: before @emotion/react makes its
 * default cache, at that module's evaluation.
 */
StyleSheet.prototype.hydrate = function hydrate(this: StyleSheet, nodes: HTMLStyleElement[]) {
  this.tags.push(...nodes)
}
