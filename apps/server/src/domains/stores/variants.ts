/** Variants as the cartesian product of the options' choices, and matching by choices or ids. */
import { newId } from '../../lib/ids.ts';
import { type ChoiceState, DEFAULT_VARIANT_ID, type OptionState, type VariantState } from './model.ts';

const key = (choices: Record<string, string>) =>
  JSON.stringify(Object.entries(choices).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** Every combination of one choice per option, in option and choice order. */
export function combinations(options: readonly OptionState[]): Array<Record<string, string>> {
  let result: Array<Record<string, string>> = [{}];
  for (const option of options) {
    result = result.flatMap((partial) =>
      option.choices.map((choice) => ({ ...partial, [option.name]: choice.description })),
    );
  }
  return result;
}

/**
 * The variants for `options`: a combination that existed keeps its id and overrides, new ones get
 * fresh ids; without options there is the single default variant.
 */
export function regenerateVariants(
  options: readonly OptionState[],
  previous: readonly VariantState[],
): VariantState[] {
  if (options.length === 0) {
    const existing = previous.find((variant) => variant.id === DEFAULT_VARIANT_ID);
    return [existing ?? { id: DEFAULT_VARIANT_ID, choices: {}, visible: true }];
  }
  const byKey = new Map(previous.map((variant) => [key(variant.choices), variant]));
  return combinations(options).map((choices) => {
    const existing = byKey.get(key(choices));
    return existing ? { ...existing, choices } : { id: newId(), choices, visible: true };
  });
}

/**
 * The choice `wanted` names: its value, else its description (colour choices are often selected by
 * their swatch value). Searched in that order, not in one pass: one choice's value may be another's
 * description, and the first in the list would then win whichever was meant.
 */
function choiceNamed(option: OptionState, wanted: string): ChoiceState | undefined {
  return (
    option.choices.find((c) => c.value === wanted) ?? option.choices.find((c) => c.description === wanted)
  );
}

/**
 * Whether a variant matches a selection given by option name and choice (`choiceNamed`). Unknown
 * option names never match.
 */
export function matchesChoices(
  variant: VariantState,
  selection: Record<string, string>,
  options: readonly OptionState[],
): boolean {
  return Object.entries(selection).every(([optionName, wanted]) => {
    const option = options.find((o) => o.name === optionName);
    const choice = option && choiceNamed(option, wanted);
    return choice !== undefined && variant.choices[optionName] === choice.description;
  });
}

/** The choice of `options` a selection names (`choiceNamed`). */
export function findChoice(options: readonly OptionState[], optionName: string, wanted: string) {
  const option = options.find((o) => o.name === optionName);
  const choice = option && choiceNamed(option, wanted);
  return option && choice ? { option, choice } : undefined;
}
