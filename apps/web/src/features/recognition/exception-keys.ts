import type { ExceptionCode } from '@dropwise/recognizer'

/**
 * Locale keys of the 14 exception codes (the codes contain "::", which i18next reads as a
 * namespace separator, so each code has a plain key name).
 */
export const EXCEPTION_KEYS = {
  '3stars::False': { title: 'recognition.exceptions.notThreeStars.title', hint: 'recognition.exceptions.notThreeStars.hint' },
  'DropAreaDrops::Illegal': { title: 'recognition.exceptions.illegalDrops.title', hint: 'recognition.exceptions.illegalDrops.hint' },
  'DropAreaDrops::LowConfidence': { title: 'recognition.exceptions.lowConfidenceDrops.title', hint: 'recognition.exceptions.lowConfidenceDrops.hint' },
  'DropAreaDropsQuantity::NotFound': { title: 'recognition.exceptions.quantityNotFound.title', hint: 'recognition.exceptions.quantityNotFound.hint' },
  'DropInfos::Violation': { title: 'recognition.exceptions.dropInfosViolation.title', hint: 'recognition.exceptions.dropInfosViolation.hint' },
  'DropQuantityChar::LowConfidence': { title: 'recognition.exceptions.lowConfidenceQuantity.title', hint: 'recognition.exceptions.lowConfidenceQuantity.hint' },
  'Droptypes::Illegal': { title: 'recognition.exceptions.illegalDropTypes.title', hint: 'recognition.exceptions.illegalDropTypes.hint' },
  'Droptypes::NotFound': { title: 'recognition.exceptions.dropTypesNotFound.title', hint: 'recognition.exceptions.dropTypesNotFound.hint' },
  'FileTimestamp::TooClose': { title: 'recognition.exceptions.timestampTooClose.title', hint: 'recognition.exceptions.timestampTooClose.hint' },
  'Fingerprint::Same': { title: 'recognition.exceptions.sameFingerprint.title', hint: 'recognition.exceptions.sameFingerprint.hint' },
  'Result::False': { title: 'recognition.exceptions.notResult.title', hint: 'recognition.exceptions.notResult.hint' },
  'Stage::Illegal': { title: 'recognition.exceptions.illegalStage.title', hint: 'recognition.exceptions.illegalStage.hint' },
  'Stage::NotFound': { title: 'recognition.exceptions.stageNotFound.title', hint: 'recognition.exceptions.stageNotFound.hint' },
  'StageChar::LowConfidence': { title: 'recognition.exceptions.lowConfidenceStage.title', hint: 'recognition.exceptions.lowConfidenceStage.hint' },
} as const satisfies Record<ExceptionCode, { title: string; hint: string }>
