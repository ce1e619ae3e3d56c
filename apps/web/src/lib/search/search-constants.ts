/** Input debounce and the virtual list's row height (spec 000 §9). */
export const SEARCH_DEBOUNCE_MS = 30
export const RESULT_ROW_HEIGHT = 103
