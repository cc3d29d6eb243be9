import { describe, expect, it } from 'vitest';
import { readConsentReturn, withoutConsentReturn } from './consent-return';

describe('readConsentReturn', () => {
  it('reads the outcome and where to show it', () => {
    expect(readConsentReturn('?setup=open&entraConsent=connected')).toEqual({ result: 'connected', openSetupGuide: true, showConfiguration: false });
    expect(readConsentReturn('?tab=configuration&entraConsent=declined')).toEqual({ result: 'declined', openSetupGuide: false, showConfiguration: true });
  });

  it('ignores a code the server never sends', () => {
    expect(readConsentReturn('?entraConsent=<script>').result).toBeNull();
    expect(readConsentReturn('').result).toBeNull();
  });
});

describe('withoutConsentReturn', () => {
  it('drops the callback parameters and keeps the rest', () => {
    expect(withoutConsentReturn('http://localhost:3000/dashboard?setup=open&entraConsent=connected&x=1#top')).toBe('/dashboard?x=1#top');
  });
});
