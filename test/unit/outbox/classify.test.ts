import { describe, expect, it } from 'vitest';
import {
  HttpStatusError,
  InvalidRequestError,
  NoConnectionError,
  OutcomeUnknownError,
  ServiceFailureError,
} from '../../../shared/api/errors';
import { outcomeOfCallError, outcomeOfServiceMessage } from '../../../electron/core/outbox/classify';

describe('classifying failures', () => {
  it('no connection is offline; a lost answer is unknown', () => {
    expect(outcomeOfCallError(new NoConnectionError('sms', 'x', 'ECONNREFUSED'), 'sms')).toEqual({ type: 'offline' });
    expect(outcomeOfCallError(new OutcomeUnknownError('sms', 'x', 'connection-lost'), 'sms')).toMatchObject({
      type: 'unknown',
    });
    expect(outcomeOfCallError(new OutcomeUnknownError('sms', 'x', 'invalid-response'), 'sms')).toMatchObject({
      type: 'unknown',
      reason: expect.stringContaining('could not be read'),
    });
  });

  it('429 and 503 retry with Retry-After; other 5xx may have been taken', () => {
    expect(outcomeOfCallError(new HttpStatusError('sms', 'x', 429, 3000), 'sms')).toMatchObject({
      type: 'retry',
      retryAfterMs: 3000,
    });
    expect(outcomeOfCallError(new HttpStatusError('sms', 'x', 503), 'sms')).toMatchObject({ type: 'retry' });
    expect(outcomeOfCallError(new HttpStatusError('sms', 'x', 500), 'sms')).toMatchObject({ type: 'unknown' });
    expect(outcomeOfCallError(new HttpStatusError('sms', 'x', 401), 'sms')).toMatchObject({
      type: 'paused',
      reason: expect.stringContaining('Settings'),
    });
    expect(outcomeOfCallError(new ServiceFailureError('sms', 'Invalid API key', 401, 401), 'sms')).toMatchObject({
      type: 'paused',
      reason: expect.stringContaining('Reconnect'),
    });
  });

  it('Insufficient Credits pauses the kind and says what to do', () => {
    const outcome = outcomeOfCallError(new ServiceFailureError('sms', 'Insufficient Credits', undefined, 200), 'sms');
    expect(outcome).toEqual({
      type: 'paused',
      reason: 'SMS paused: the service says "Insufficient Credits". Add credits to the account, then press Resume.',
    });
  });

  it('keeps the service words for permanent refusals, with what to do', () => {
    expect(outcomeOfServiceMessage('sms', 'Invalid recipient details')).toEqual({
      type: 'failed',
      problem: {
        message: 'Invalid recipient details',
        whatToDo: 'Check the mobile number (Edit), or discard the message.',
      },
    });
    expect(outcomeOfServiceMessage('add_purchase', 'Something new')).toMatchObject({
      type: 'failed',
      problem: { message: 'Something new', whatToDo: expect.stringContaining('Resend') },
    });
  });

  it('store errors and queueing failures are retried', () => {
    expect(outcomeOfServiceMessage('sms', 'Unable To Queue Message')).toMatchObject({ type: 'retry' });
    expect(outcomeOfServiceMessage('add_purchase', 'Purchase add failed')).toMatchObject({ type: 'retry' });
    expect(outcomeOfServiceMessage('push_contact', 'New contact add failed')).toMatchObject({ type: 'retry' });
    expect(outcomeOfServiceMessage('push_contact', 'Update contact failed')).toMatchObject({ type: 'retry' });
    expect(outcomeOfServiceMessage('push_reservations', 'Reservation add failed')).toMatchObject({ type: 'retry' });
    expect(outcomeOfServiceMessage('push_contact', 'Duplicate check failed')).toMatchObject({ type: 'failed' });
  });

  it('a request the client refused to send is a permanent problem', () => {
    expect(outcomeOfCallError(new InvalidRequestError('sms', 'bad'), 'sms')).toMatchObject({ type: 'failed' });
  });
});
