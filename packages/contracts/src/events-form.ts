/**
 * The registration form of an event (events v3 `form`): input controls of the seed's types, each with
 * inputs of its value types, and the labels of the registration and checkout pages.
 */
import { Type } from '@sinclair/typebox';
import { input, literals, open, opt, Text } from './events-common.ts';

export const ValueType = literals(['TEXT', 'NUMBER', 'TEXT_ARRAY', 'DATE_TIME', 'ADDRESS']);

export const InputControlType = literals([
  'INPUT',
  'TEXTAREA',
  'DROPDOWN',
  'RADIO',
  'CHECKBOX',
  'NAME',
  'GUEST_CONTROL',
  'ADDRESS_SHORT',
  'ADDRESS_FULL',
  'DATE',
]);

const inputFields = {
  name: opt(Text(100, 1)),
  array: opt(Type.Boolean()),
  label: opt(Text(200)),
  additionalLabels: opt(Type.Record(Type.String({ maxLength: 100 }), Text(200))),
  options: opt(Type.Array(Text(200), { maxItems: 200 })),
  mandatory: opt(Type.Boolean()),
  maxLength: opt(Type.Integer({ minimum: 0, maximum: 10_000 })),
  type: opt(ValueType),
  maxSize: opt(Type.Union([Type.Integer({ minimum: 0, maximum: 200 }), Type.Null()])),
  defaultOptionSelection: opt(
    Type.Object({
      optionIndex: opt(Type.Integer({ minimum: 0, maximum: 199 })),
      placeholderText: opt(Text(200)),
    }),
  ),
};
const controlFields = {
  type: opt(InputControlType),
  system: opt(Type.Boolean()),
  name: opt(Text(100)),
  label: opt(Text(200)),
  orderIndex: opt(Type.Integer({ minimum: 0, maximum: 10_000 })),
  id: opt(Text(100)),
};
export const Form = input({
  controls: opt(
    Type.Array(input({ ...controlFields, inputs: opt(Type.Array(input(inputFields), { maxItems: 20 })) }), {
      maxItems: 100,
    }),
  ),
  messages: opt(open('Labels of the registration and checkout forms.')),
});
export const FormView = Type.Object({
  controls: Type.Array(
    Type.Object({
      ...controlFields,
      inputs: Type.Array(
        Type.Object({
          ...inputFields,
          labels: opt(Type.Array(Type.Object({ name: Type.String(), label: Type.String() }))),
        }),
      ),
      deleted: opt(Type.Boolean()),
    }),
  ),
  messages: open('Labels of the registration and checkout forms.'),
});
