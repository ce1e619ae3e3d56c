/**
 * What a stage or item id the data does not know yet must look like to be held (issue #36): the shapes of
 * the game's own ids, so a new event's `act47side_01` is kept while `no_such_stage`, `../x` or 5,000
 * letters are refused as before (400). Families seen in the data: `act47side_01`, `act12d0_01`,
 * `act15mini_05`, `main_14-12`, `tough_12-03`, `sub_02-03`, `a003_f03`, `wk_kc_5`, `pro_a_1`, with the
 * `_perm` / `_rep` suffixes of permanent and rerun copies.
 */
const STAGE_FAMILIES = [
  /^act\d{1,3}[a-z0-9]{0,12}_[a-z0-9]{1,12}(?:_[a-z0-9]{1,12}){0,2}$/,
  /^(?:main|tough|sub|hard)_\d{1,2}(?:-\d{1,2}){1,2}(?:_perm|_rep)?$/,
  /^a\d{3}_f?\d{2}(?:_perm|_rep)?$/,
  /^wk_[a-z]{2,8}_\d{1,2}$/,
  /^pro_[a-z]_\d{1,2}$/,
]
export const MAX_STAGE_ID_LENGTH = 32
export const MAX_ITEM_ID_LENGTH = 48

/** A lower-case game stage id of a known family, at most 32 characters. */
export const looksLikeStageId = (id: string) => id.length <= MAX_STAGE_ID_LENGTH && STAGE_FAMILIES.some((family) => family.test(id))

/** Letters and digits in `_`-separated words (`30175`, `mod_unlock_token`, `et_ObsidianPass`), at most 48 characters. */
export const looksLikeItemId = (id: string) => id.length <= MAX_ITEM_ID_LENGTH && /^[A-Za-z0-9]+(?:_[A-Za-z0-9]+)*$/.test(id)
