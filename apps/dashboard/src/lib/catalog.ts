/**
 * The product form's text as the catalog reads it: amounts and quantities typed by the owner, options
 * typed as a name and its choices separated by commas, and the bulk answers' failures.
 */
import type { BulkResult, ProductInput, ProductOption } from '../api/catalog.ts';

const AMOUNT = /^-?\d{1,12}(\.\d{1,6})?$/;

/** A typed amount ("12", "12.50"): undefined when empty, `null` when it is not a number; `signed` lets "-5" through. */
export function parseAmount(text: string, signed = false): number | undefined | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return undefined;
  if (!AMOUNT.test(trimmed) || (!signed && trimmed.startsWith('-'))) return null;
  return Number(trimmed);
}

/** A typed whole number of items: undefined when empty, `null` when it is not one. */
export function parseQuantity(text: string): number | undefined | null {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^\d{1,10}$/.test(trimmed) ? Number(trimmed) : null;
}

export interface OptionDraft {
  name: string;
  colour: boolean;
  /** Choices separated by commas: "S, M, L". */
  choices: string;
}

export const splitChoices = (text: string) =>
  text
    .split(',')
    .map((choice) => choice.trim())
    .filter((choice) => choice !== '');

/** The drafts as the API's options; a draft with neither a name nor a choice is left out. */
export function optionsOf(drafts: readonly OptionDraft[]): NonNullable<ProductInput['productOptions']> {
  return drafts
    .filter((draft) => draft.name.trim() !== '' || splitChoices(draft.choices).length > 0)
    .map((draft) => ({
      optionType: draft.colour ? 'color' : 'drop_down',
      name: draft.name.trim(),
      choices: splitChoices(draft.choices).map((choice) => ({ value: choice, description: choice })),
    }));
}

/** A product's options as drafts: each choice by the name a shopper reads (its description). */
export const draftsOf = (options: readonly ProductOption[]): OptionDraft[] =>
  options.map((option) => ({
    name: option.name,
    colour: option.optionType === 'color',
    choices: option.choices.map((choice) => choice.description).join(', '),
  }));

/** Whether the drafts say what the product has already (then the options are not sent: variants stay as they are). */
export function sameOptions(drafts: readonly OptionDraft[], options: readonly ProductOption[]): boolean {
  const typed = optionsOf(drafts);
  return (
    typed.length === options.length &&
    typed.every((option, index) => {
      const current = options[index]!;
      return (
        option.name === current.name &&
        (option.optionType === 'color') === (current.optionType === 'color') &&
        option.choices.length === current.choices.length &&
        option.choices.every((choice, at) => choice.description === current.choices[at]!.description)
      );
    })
  );
}

/** How many variants the drafts make (choices multiplied). */
export const variantCount = (drafts: readonly OptionDraft[]) =>
  optionsOf(drafts).reduce((count, option) => count * Math.max(1, option.choices.length), 1);

/** "S / Red" for a variant's choices, "Default" for a product without options. */
export const variantLabel = (choices: Record<string, string>) =>
  Object.values(choices).join(' / ') || 'Default';

/** The products a bulk call could not change, by name where it is known. */
export function bulkFailures(result: BulkResult, names: ReadonlyMap<string, string>) {
  return result.results
    .filter((item) => !item.itemMetadata.success)
    .map((item) => ({
      name: names.get(item.itemMetadata.id) ?? item.itemMetadata.id,
      message: item.itemMetadata.error?.description ?? 'not changed',
    }));
}

/** The largest image the catalog keeps (its `data:` URL at most 2,000,000 characters, base64 is 4/3 of the file). */
export const MAX_IMAGE_BYTES = 1_400_000;
