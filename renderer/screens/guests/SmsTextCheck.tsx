import { Alert, Button, Group, Mark, Text } from '@mantine/core';
import { Fragment } from 'react';
import { applySmsSuggestions, countSmsSegments, findInvalidSmsCharacters } from '../../../shared/rules/sms';

/** The live check of an SMS text: characters the service refuses marked, with replacements, and the character and segment count. */
export function SmsTextCheck({ message, onChange }: { message: string; onChange: (message: string) => void }) {
  const invalid = findInvalidSmsCharacters(message);
  const count = countSmsSegments(message);
  const distinct = [...new Map(invalid.map((entry) => [entry.char, entry])).values()];
  const replaceOne = (char: string, suggestion: string) => onChange(message.split(char).join(suggestion));
  return (
    <>
      <Text size="xs" c={count.segments > 1 ? 'orange' : 'dimmed'} aria-label="sms length">
        {count.characters} characters, {count.units} of {count.segments <= 1 ? 160 : count.segments * 153} units ·{' '}
        {count.segments} {count.segments === 1 ? 'segment' : 'segments'}
        {count.segments > 1 ? ` of ${count.perSegment} units each` : ''}
        {count.units > count.characters ? ' (characters such as € [ ] { } count double)' : ''}
      </Text>
      {invalid.length > 0 && (
        <Alert color="red" title="The service refuses some characters of this message" role="alert">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} aria-label="message with refused characters marked">
            <MarkedText text={message} indices={new Set(invalid.map((entry) => entry.index))} />
          </Text>
          <Group gap="xs" mt="xs">
            {distinct.map(({ char, suggestion }) =>
              suggestion === undefined ? (
                <Text key={char} size="xs">
                  “{char}” has no plain replacement: remove it.
                </Text>
              ) : (
                <Button key={char} size="compact-xs" variant="light" onClick={() => replaceOne(char, suggestion)}>
                  Replace “{char}” with “{suggestion === '' ? 'nothing' : suggestion}”
                </Button>
              ),
            )}
            {distinct.some((entry) => entry.suggestion !== undefined) && (
              <Button size="compact-xs" onClick={() => onChange(applySmsSuggestions(message))}>
                Replace all
              </Button>
            )}
          </Group>
        </Alert>
      )}
    </>
  );
}

/** The text with the characters at the given indices marked. */
function MarkedText({ text, indices }: { text: string; indices: Set<number> }) {
  const parts: { text: string; marked: boolean }[] = [];
  let index = 0;
  for (const char of text) {
    const marked = indices.has(index);
    const last = parts.at(-1);
    if (last && last.marked === marked && !marked) last.text += char;
    else parts.push({ text: char, marked });
    index += char.length;
  }
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{part.marked ? <Mark color="red">{part.text}</Mark> : part.text}</Fragment>
      ))}
    </>
  );
}
