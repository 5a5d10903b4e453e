/** Product fields as the API receives them, applied to the stored state (validated beyond the schema). */
import type { createProduct, RequestOf } from '@plaza/contracts';
import { invalidField, ValidationError } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { storesErrors } from '../errors.ts';
import { priceBelowDiscount, priceText } from '../limits.ts';
import { pricePerUnitOf } from '../measurement.ts';
import type { Dimensions, DiscountTypeName, OptionState, ProductState, StockMap } from '../model.ts';
import { toMinor, weightOf } from '../money.ts';
import { regenerateVariants } from '../variants.ts';

export type ProductInput = Partial<RequestOf<typeof createProduct>['product']>;

/** `Summer T-shirt!` → `summer-t-shirt`. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 90);
  return slug || 'item';
}

function readOptions(
  input: NonNullable<ProductInput['productOptions']>,
  previous: OptionState[],
): OptionState[] {
  const names = new Set<string>();
  return input.map((option, index) => {
    const field = `product.productOptions[${index}]`;
    if (names.has(option.name)) throw invalidField(`${field}.name`, 'option names must be unique');
    names.add(option.name);
    const before = previous.find((o) => o.name === option.name);
    const seen = new Set<string>();
    return {
      optionType: option.optionType ?? 'drop_down',
      name: option.name,
      choices: option.choices.map((choice, choiceIndex) => {
        const description = choice.description ?? choice.value;
        const value = choice.value ?? choice.description;
        if (description === undefined || value === undefined || description === '') {
          throw invalidField(
            `${field}.choices[${choiceIndex}]`,
            'a choice needs a value or a description',
            'REQUIRED_FIELD',
          );
        }
        if (seen.has(description))
          throw storesErrors.duplicateChoice(`${field}.choices[${choiceIndex}].description`);
        seen.add(description);
        const mediaIds = before?.choices.find((c) => c.description === description)?.mediaIds ?? [];
        return { value, description, mediaIds };
      }),
    };
  });
}

/** Copies the given fields into `state`; new options regenerate the variants. */
export function applyProductInput(state: ProductState, input: ProductInput) {
  const { digits } = state;
  if (input.name !== undefined) {
    if (input.name.trim() === '') throw invalidField('product.name', 'must not be blank');
    state.name = input.name;
  }
  if (input.slug !== undefined) state.slug = input.slug;
  if (input.visible !== undefined) state.visible = input.visible;
  if (input.productType !== undefined) state.productType = input.productType;
  if (input.description !== undefined) state.description = input.description;
  if (input.sku !== undefined) state.sku = input.sku;
  if (input.ribbon !== undefined) state.ribbon = input.ribbon || undefined;
  if (input.brand !== undefined) state.brand = input.brand || undefined;
  if (input.weight !== undefined) state.weight = weightOf(input.weight, 'product.weight');
  const price = input.priceData?.price ?? input.price?.price;
  if (price !== undefined) state.price = toMinor(price, digits);
  if (input.costAndProfitData?.itemCost !== undefined)
    state.cost = toMinor(input.costAndProfitData.itemCost, digits);
  if (input.productDimensions !== undefined) state.productDimensions = dimensionsOf(input.productDimensions);
  if (input.packageDimensions !== undefined) state.packageDimensions = dimensionsOf(input.packageDimensions);
  if (input.pricePerUnitData !== undefined) {
    const kept = pricePerUnitOf(input.pricePerUnitData, 'product.pricePerUnitData');
    if (kept) state.pricePerUnitData = kept;
    else delete state.pricePerUnitData;
  }
  if (input.discount !== undefined) {
    if (input.discount.type === 'PERCENT' && input.discount.value > 100) {
      throw invalidField('product.discount.value', 'a percentage discount is at most 100', 'MAX');
    }
    const type: DiscountTypeName = input.discount.type === 'UNDEFINED' ? 'NONE' : input.discount.type;
    state.discount = { type, value: type === 'NONE' ? 0 : input.discount.value };
  }
  if (input.manageVariants !== undefined) state.manageVariants = input.manageVariants;
  if (input.additionalInfoSections !== undefined) state.additionalInfoSections = input.additionalInfoSections;
  if (input.seoData !== undefined) state.seoData = input.seoData;
  if (input.productOptions !== undefined) {
    state.productOptions = readOptions(input.productOptions, state.productOptions);
    const count = state.productOptions.reduce((n, o) => n * o.choices.length, 1);
    if (count > 300) {
      throw new ValidationError([
        {
          field: 'product.productOptions',
          description: 'at most 300 variants (choices multiplied)',
          violatedRule: 'MAX_SIZE',
        },
      ]);
    }
    state.variants = regenerateVariants(state.productOptions, state.variants);
  }
  if (input.stock?.trackInventory !== undefined) state.trackInventory = input.stock.trackInventory;
  // Checked once everything is applied: a new price and a new discount in the same write count together.
  if (input.discount !== undefined || price !== undefined) {
    checkAmountDiscount(
      state,
      input.discount === undefined ? 'product.priceData.price' : 'product.discount.value',
    );
  }
}

/** Refuses an amount discount above the lowest price it applies to (the product's or a variant's). */
export function checkAmountDiscount(state: ProductState, field: string) {
  const lowest = priceBelowDiscount(state);
  if (lowest === undefined) return;
  throw invalidField(
    field,
    `an amount discount is at most the price it applies to (the lowest, product or variant, is ${priceText(lowest, state.digits)})`,
    field.endsWith('discount.value') ? 'MAX' : 'MIN',
  );
}

/** Dimensions as given; the unit, when left out, unknown. */
export const dimensionsOf = (input: Partial<Dimensions>): Dimensions => ({
  ...input,
  unit: input.unit ?? 'UNKNOWN_DIMENSIONS_UNIT',
});

/**
 * Plaza extension: `stock.quantity` / `stock.inStock` on a product set every variant's stock. On a
 * product whose variants are managed they are a summary of the variants' stock (`stock` is read-only
 * in the catalog): the summary sent back unchanged, as a read-change-write client does, changes
 * nothing; a different figure is refused (each variant's stock is set with update-variants).
 */
export function applyStockInput(
  state: ProductState,
  stock: StockMap,
  input: ProductInput['stock'],
  summary?: { quantity?: number; inStock: boolean },
) {
  if (!input) return;
  if (input.trackInventory === false && input.quantity !== undefined)
    throw invalidField(
      'product.stock.quantity',
      'is counted only while trackInventory is true: leave it out, or set trackInventory: true',
    );
  if (summary && state.manageVariants && state.variants.length > 1) {
    const changes =
      (input.quantity !== undefined && input.quantity !== summary.quantity) ||
      (input.inStock !== undefined && input.inStock !== summary.inStock);
    if (changes)
      throw invalidField(
        'product.stock',
        'a product with managed variants has the stock of each variant: set it with update-variants (variants[].stock)',
        'FIELD_NOT_ALLOWED',
      );
    return;
  }
  if (input.quantity !== undefined) state.trackInventory = true;
  for (const variant of state.variants) {
    const current = stock.get(variant.id) ?? { quantity: null, inStock: true };
    stock.set(variant.id, {
      quantity: input.quantity ?? current.quantity,
      inStock: input.inStock ?? current.inStock,
    });
  }
}

export function newProductState(input: ProductInput, digits: number, now: Date): ProductState {
  const state: ProductState = {
    digits,
    name: '',
    slug: '',
    visible: true,
    productType: 'physical',
    price: 0,
    discount: { type: 'NONE', value: 0 },
    productOptions: [],
    manageVariants: false,
    trackInventory: false,
    variants: regenerateVariants([], []),
    media: [],
    collectionIds: [],
    additionalInfoSections: [],
    seoData: {},
    numericId: String(now.getTime() * 1000 + Math.floor(Math.random() * 1000)),
    inventoryItemId: newId(),
  };
  applyProductInput(state, input);
  return state;
}
