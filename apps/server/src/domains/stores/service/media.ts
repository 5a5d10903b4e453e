/** Product media and the media of option choices. */
import type { addProductMedia, addProductMediaToChoices, RequestOf } from '@plaza/contracts';
import { invalidField } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { storesErrors } from '../errors.ts';
import { isImageOf, mediaTypes } from '../media-storage.ts';
import type { MediaItem, ProductState } from '../model.ts';
import { findChoice } from '../variants.ts';
import { mutateProduct, type StoresDeps } from './context.ts';

type MediaInputs = RequestOf<typeof addProductMedia>['media'];
type ChoiceMediaInputs = RequestOf<typeof addProductMediaToChoices>['media'];

const DATA_URL = /^data:(image\/(?:png|jpeg|gif|webp|svg\+xml));base64,([A-Za-z0-9+/=\s]+)$/;

/**
 * Turns one input into a media item: an uploaded file by id, a data URL's file (written by the caller
 * with `write`), or a plain URL.
 */
async function resolveMedia(
  deps: StoresDeps,
  siteId: string,
  input: MediaInputs[number],
  field: string,
): Promise<{ item: MediaItem; write?: () => Promise<void> }> {
  const title = input.title;
  const altText = input.altText ?? title;
  const item = (id: string, image: MediaItem['image']): MediaItem => ({
    id,
    mediaType: 'image',
    ...(title === undefined ? {} : { title }),
    image,
    thumbnail: image,
  });
  if (input.mediaId !== undefined) {
    const stored = await deps.media.describe(siteId, input.mediaId);
    if (!stored) throw storesErrors.mediaNotFound(input.mediaId);
    const { url, width, height, format } = stored;
    return { item: item(stored.fileName, { url, width, height, format, ...(altText ? { altText } : {}) }) };
  }
  if (input.url === undefined) throw invalidField(field, 'send a mediaId or a url', 'REQUIRED_ONE_OF_FIELD');
  const data = DATA_URL.exec(input.url);
  if (data) {
    const contentType = data[1] === 'image/jpeg' ? 'image/jpeg' : data[1]!;
    if (!Object.values(mediaTypes).includes(contentType))
      throw invalidField(`${field}.url`, 'unsupported image type', 'FORMAT');
    const bytes = Buffer.from(data[2]!, 'base64');
    // Served under its type to every browser: the bytes must be what the URL says they are.
    if (!isImageOf(bytes, contentType))
      throw invalidField(`${field}.url`, `does not hold an image of type ${contentType}`, 'FORMAT');
    const { stored, write } = deps.media.prepare(siteId, bytes, contentType);
    const { url, width, height, format } = stored;
    return {
      item: item(stored.fileName, { url, width, height, format, ...(altText ? { altText } : {}) }),
      write,
    };
  }
  if (!/^https?:\/\/[^\s]+$/.test(input.url)) {
    throw invalidField(`${field}.url`, 'must be an http(s) URL or a data:image/...;base64 URL', 'FORMAT');
  }
  return { item: item(newId(), { url: input.url, width: 0, height: 0, ...(altText ? { altText } : {}) }) };
}

function choiceOf(state: ProductState, option: string, choice: string, field: string) {
  const found = findChoice(state.productOptions, option, choice);
  if (!found) throw storesErrors.unknownOption(field, `${option}: ${choice}`);
  return found.choice;
}

export async function addMedia(deps: StoresDeps, siteId: string, productId: string, inputs: MediaInputs) {
  const resolved: Array<Awaited<ReturnType<typeof resolveMedia>>> = [];
  for (const [index, input] of inputs.entries())
    resolved.push(await resolveMedia(deps, siteId, input, `media[${index}]`));
  await mutateProduct(deps, siteId, productId, async (state) => {
    inputs.forEach((input, index) => {
      const { item } = resolved[index]!;
      if (!state.media.some((m) => m.id === item.id)) state.media.push(item);
      if (input.choice) {
        const choice = choiceOf(state, input.choice.option, input.choice.choice, `media[${index}].choice`);
        if (!choice.mediaIds.includes(item.id)) choice.mediaIds.push(item.id);
      }
    });
    // Only now that the product is there and takes every item: a refused call leaves no file behind,
    // and the product is never saved pointing at a file not written.
    for (const { write } of resolved) await write?.();
  });
}

export const removeMedia = (
  deps: StoresDeps,
  siteId: string,
  productId: string,
  mediaIds: string[] | undefined,
) =>
  mutateProduct(deps, siteId, productId, (state) => {
    const removed = (id: string) => !mediaIds || mediaIds.length === 0 || mediaIds.includes(id);
    state.media = state.media.filter((m) => !removed(m.id));
    for (const option of state.productOptions) {
      for (const choice of option.choices) choice.mediaIds = choice.mediaIds.filter((id) => !removed(id));
    }
  });

export const addChoiceMedia = (
  deps: StoresDeps,
  siteId: string,
  productId: string,
  inputs: ChoiceMediaInputs,
) =>
  mutateProduct(deps, siteId, productId, (state) => {
    inputs.forEach((input, index) => {
      const choice = choiceOf(state, input.option, input.choice, `media[${index}]`);
      for (const id of input.mediaIds ?? []) {
        if (!state.media.some((m) => m.id === id))
          throw invalidField(`media[${index}].mediaIds`, `the product has no media ${id}`);
        if (!choice.mediaIds.includes(id)) choice.mediaIds.push(id);
      }
    });
  });

export const removeChoiceMedia = (
  deps: StoresDeps,
  siteId: string,
  productId: string,
  inputs: ChoiceMediaInputs,
) =>
  mutateProduct(deps, siteId, productId, (state) => {
    inputs.forEach((input, index) => {
      const choice = choiceOf(state, input.option, input.choice, `media[${index}]`);
      const ids = input.mediaIds ?? [];
      choice.mediaIds = ids.length === 0 ? [] : choice.mediaIds.filter((id) => !ids.includes(id));
    });
  });
