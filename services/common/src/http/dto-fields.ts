import { applyDecorators } from '@nestjs/common';
import { ApiProperty, type ApiPropertyOptions } from '@nestjs/swagger';
import { EMAIL_MAX_LENGTH, MAX_ID } from '@kinora/contracts';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsEmail,
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

// Field kinds that recur across the services' DTOs: the document's schema and the validation rules
// of each kind are written once here. Validation messages name the field by its property name.
//
// The decorators of a kind are listed bottom-up, in the order stacked decorators apply, so each
// field's checks (and the messages a 400 joins) keep the order they had when written out.

type FieldDecorator = (target: object, key: string | symbol) => void;

/** What a field adds to its kind's schema: a description, an example, a default, null allowed. */
export type FieldSchema = Pick<ApiPropertyOptions, 'description' | 'example' | 'default' | 'nullable'>;

/** Builds a field's decorators from its property name (for messages that name the field). */
function byName(decorate: (name: string) => PropertyDecorator): FieldDecorator {
  return (target, key) => decorate(String(key))(target, key);
}

/** Query strings arrive as strings; an empty parameter (?genre=) means "not given". */
export const blankToUndefined = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim()) : value;

/** A string trimmed before the checks. */
export const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** An optional text: trimmed, and blank or null means "not given". */
export const blankOrNullToUndefined = ({ value }: { value: unknown }) => {
  const text = trimmed({ value });
  return text === '' || text === null ? undefined : text;
};

/**
 * The field may be left out, but not sent as null: validated whenever present. (IsOptional would
 * let null through as "not given".)
 */
export const OmittableNotNull = () => ValidateIf((_object, value) => value !== undefined);

/** http(s) links only, with the scheme written out. */
export const HTTP_URL_OPTIONS = { protocols: ['http', 'https'], require_protocol: true };

export interface IntegerFieldOptions extends FieldSchema {
  /** May be left out (or null). */
  optional?: boolean;
  /** May be left out, but not null (see OmittableNotNull). */
  omittable?: boolean;
  /** A query parameter: arrives as text, blank means not given. */
  query?: boolean;
}

/** An integer from `minimum` to `maximum`; every failed check gives the one `message`. */
export function IntegerField(
  minimum: number,
  maximum: number,
  message: string,
  { optional = false, omittable = false, query = false, ...schema }: IntegerFieldOptions = {},
): PropertyDecorator {
  return applyDecorators(
    Max(maximum, { message }),
    Min(minimum, { message }),
    IsInt({ message }),
    ...(query ? [Type(() => Number), Transform(blankToUndefined)] : []),
    ...(optional ? [IsOptional()] : []),
    ...(omittable ? [OmittableNotNull()] : []),
    ApiProperty({
      type: 'integer',
      minimum,
      maximum,
      ...schema,
      ...(optional || omittable ? { required: false } : {}),
    }),
  );
}

export interface NumberFieldOptions extends Omit<IntegerFieldOptions, 'query'> {
  /** Money: at most this many decimals (cents). */
  maxDecimalPlaces?: number;
}

/** A finite number from `minimum` to `maximum` (seconds, dollars); every failed check gives the one `message`. */
export function NumberField(
  minimum: number,
  maximum: number,
  message: string,
  { optional = false, maxDecimalPlaces, ...schema }: NumberFieldOptions = {},
): PropertyDecorator {
  const finite = { allowNaN: false, allowInfinity: false };
  return applyDecorators(
    Max(maximum, { message }),
    Min(minimum, { message }),
    IsNumber(maxDecimalPlaces === undefined ? finite : { ...finite, maxDecimalPlaces }, { message }),
    ...(optional ? [IsOptional()] : []),
    ApiProperty({ minimum, maximum, ...schema, ...(optional ? { required: false } : {}) }),
  );
}

export interface EnumFieldOptions extends IntegerFieldOptions {
  /** The schema's name for the list, where the document shares it. */
  enumName?: string;
}

/** One of `values`: `<field> must be one of a, b, c` otherwise. */
export function EnumField(
  values: readonly (string | number)[],
  { optional = false, query = false, ...schema }: EnumFieldOptions = {},
): FieldDecorator {
  return byName((name) =>
    applyDecorators(
      IsIn(values, { message: `${name} must be one of ${values.join(', ')}` }),
      ...(query ? [Transform(blankToUndefined)] : []),
      ...(optional ? [IsOptional()] : []),
      ApiProperty({ enum: [...values], ...schema, ...(optional ? { required: false } : {}) }),
    ),
  );
}

/** An id of a row elsewhere: a positive integer within a PostgreSQL integer column. */
export function IdField(options: IntegerFieldOptions = {}): FieldDecorator {
  return byName((name) => IntegerField(1, MAX_ID, `${name} must be a positive integer`, options));
}

/** An id written plainly, as path ids are (ParseIdPipe): "12", not "012", "1e3", "12.0" or "+12". */
const PLAIN_ID = /^[1-9]\d{0,9}$/;

/** A comma-separated query value as its entries, each a number (NaN when not written plainly). */
const commaSeparatedIds = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value.split(',').map((entry) => (PLAIN_ID.test(entry) ? Number(entry) : NaN))
    : value;

/**
 * A query parameter listing ids, comma-separated (`ids=12,5,9`): 1 to `maxItems` entries, each a
 * positive integer written plainly (as path ids are) and at most MAX_ID. The DTO gets the numbers
 * in the order written, duplicates included. Unlike the other query kinds, blank (`ids=`) is not
 * "not given": an empty list is refused like any other bad value, so a caller with nothing to ask
 * for never gets the unfiltered answer. Repeating the parameter (`ids=1&ids=2`) is refused too:
 * the list has one spelling, hence one cache entry. Every failed check gives the one message.
 */
export function IdListField(
  maxItems: number,
  { optional = false, ...schema }: Pick<IntegerFieldOptions, 'optional' | 'description' | 'example'> = {},
): FieldDecorator {
  const id = '[1-9][0-9]{0,9}';
  return byName((name) => {
    const message = `${name} must be a comma-separated list of 1 to ${maxItems} positive integers`;
    return applyDecorators(
      Max(MAX_ID, { each: true, message }),
      Min(1, { each: true, message }),
      IsInt({ each: true, message }),
      ArrayMaxSize(maxItems, { message }),
      ArrayMinSize(1, { message }),
      IsArray({ message }),
      Transform(commaSeparatedIds),
      ...(optional ? [IsOptional()] : []),
      ApiProperty({
        type: 'string',
        pattern: `^${id}(,${id}){0,${maxItems - 1}}$`,
        ...schema,
        ...(optional ? { required: false } : {}),
      }),
    );
  });
}

export interface TextFieldOptions {
  description?: string;
  /** The message when the value is not a string (`<field> is required` unless given). */
  notStringMessage?: string;
  /** One message for every failed check, instead of one a check. */
  message?: string;
}

/** A required text, trimmed, neither blank nor longer than `maxLength`. */
export function RequiredTextField(
  maxLength: number,
  { description, notStringMessage, message }: TextFieldOptions = {},
): FieldDecorator {
  return byName((name) =>
    applyDecorators(
      MaxLength(maxLength, { message: message ?? `${name} must be at most ${maxLength} characters` }),
      IsNotEmpty({ message: message ?? `${name} is required` }),
      IsString({ message: message ?? notStringMessage ?? `${name} is required` }),
      Transform(trimmed),
      ApiProperty({ minLength: 1, maxLength, ...(description ? { description } : {}) }),
    ),
  );
}

/** An optional text, trimmed (blank or null is not given), at most `maxLength` characters. */
export function OptionalTextField(maxLength: number, description?: string): FieldDecorator {
  return byName((name) =>
    applyDecorators(
      MaxLength(maxLength, { message: `${name} must be at most ${maxLength} characters` }),
      IsString({ message: `${name} must be a string` }),
      IsOptional(),
      Transform(blankOrNullToUndefined),
      ApiProperty({ required: false, maxLength, ...(description ? { description } : {}) }),
    ),
  );
}

/** An optional true or false (null is not given). */
export function OptionalBooleanField(description?: string): FieldDecorator {
  return byName((name) =>
    applyDecorators(
      IsBoolean({ message: `${name} must be a boolean` }),
      IsOptional(),
      ApiProperty({ required: false, ...(description ? { description } : {}) }),
    ),
  );
}

/** An email address, trimmed and lower-cased before the checks. */
export function EmailField(): FieldDecorator {
  return byName((name) =>
    applyDecorators(
      IsEmail({}, { message: `${name} must be a valid email address` }),
      MaxLength(EMAIL_MAX_LENGTH, { message: `${name} must be at most ${EMAIL_MAX_LENGTH} characters` }),
      IsString({ message: `${name} must be a string` }),
      Transform(({ value }: { value: unknown }) =>
        typeof value === 'string' ? value.trim().toLowerCase() : value,
      ),
      ApiProperty({ format: 'email', maxLength: EMAIL_MAX_LENGTH, description: 'Trimmed and lower-cased.' }),
    ),
  );
}

/** An optional http(s) link (blank or null is not given), at most `maxLength` characters. */
export function OptionalHttpUrlField(maxLength: number): FieldDecorator {
  return byName((name) =>
    applyDecorators(
      MaxLength(maxLength, { message: `${name} must be at most ${maxLength} characters` }),
      IsUrl(HTTP_URL_OPTIONS, { message: `${name} must be an http(s) URL` }),
      IsOptional(),
      Transform(blankOrNullToUndefined),
      ApiProperty({ required: false, format: 'uri', maxLength, description: 'An http(s) URL.' }),
    ),
  );
}

/** An object validated by its own DTO class. */
export function NestedField(
  type: new () => object,
  { optional = false, description }: { optional?: boolean; description?: string } = {},
): FieldDecorator {
  return byName((name) =>
    applyDecorators(
      Type(() => type),
      ValidateNested(),
      IsObject({ message: `${name} must be an object` }),
      ...(optional ? [IsOptional()] : []),
      ApiProperty({
        type,
        ...(description ? { description } : {}),
        ...(optional ? { required: false } : {}),
      }),
    ),
  );
}

// Schema-only kinds: answers, and inputs whose checks are written beside them.

/** An integer (ids, counts). */
export const ApiInteger = (options: ApiPropertyOptions = {}) =>
  ApiProperty({ type: 'integer', ...options } as ApiPropertyOptions);

/** A text that may be null (not known, not set). */
export const ApiNullableString = (options: ApiPropertyOptions = {}) =>
  ApiProperty({ type: 'string', nullable: true, ...options } as ApiPropertyOptions);

/** An ISO 8601 date-time, e.g. "2026-11-24T18:30:00.000Z". */
export const ApiTimestamp = (options: ApiPropertyOptions = {}) =>
  ApiProperty({ format: 'date-time', ...options } as ApiPropertyOptions);

/** An ISO 8601 date-time, or null (not yet, never). */
export const ApiNullableTimestamp = (options: ApiPropertyOptions = {}) =>
  ApiTimestamp({ type: 'string', nullable: true, ...options } as ApiPropertyOptions);

/** A UTC day, e.g. "2026-11-24". */
export const ApiDate = (options: ApiPropertyOptions = {}) =>
  ApiProperty({ format: 'date', ...options } as ApiPropertyOptions);
