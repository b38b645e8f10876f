import { describe, expect, it } from 'vitest';
import { bankErrorOf, transportErrorOf } from './bank-errors.ts';
import { mapAccount, mapTransactions, pickBalance } from './xs2a-mapping.ts';
import type { Xs2aTransaction } from './xs2a-types.ts';

const today = new Date('2026-03-10T00:00:00Z');
const amount = (value: string) => ({ currency: 'CZK', amount: value });

describe('accounts', () => {
  it('prefers interimAvailable, then closingBooked, then the first balance', () => {
    const b = (balanceType: string, value: string) => ({ balanceType, balanceAmount: amount(value) });
    expect(pickBalance([b('expected', '1'), b('closingBooked', '2'), b('interimAvailable', '3')])?.balanceAmount.amount).toBe('3');
    expect(pickBalance([b('expected', '1'), b('closingBooked', '2')])?.balanceAmount.amount).toBe('2');
    expect(pickBalance([b('expected', '1'), b('authorised', '5')])?.balanceAmount.amount).toBe('1');
    expect(pickBalance([])).toBeNull();
  });

  it('maps type, name, IBAN and balance', () => {
    const account = { resourceId: 'acc1', iban: 'CZ65 0800 0000 1920 0014 5399', currency: 'CZK', product: 'Spořicí účet', cashAccountType: 'SVGS', balances: [{ balanceType: 'closingBooked', balanceAmount: amount('1520.50') }] };
    expect(mapAccount(account)).toEqual({ externalId: 'acc1', name: 'Spořicí účet', type: 'SavingAccount', currencyCode: 'CZK', iban: 'CZ6508000000192000145399', balance: 1520.5 });
    expect(mapAccount({ resourceId: 'a2', currency: 'EUR', cashAccountType: 'CACC', name: 'Main', ownerName: 'Jan' }).type).toBe('CurrentAccount');
    expect(mapAccount({ resourceId: 'a3', currency: 'EUR', cashAccountType: 'TRAN', ownerName: 'Jan' })).toMatchObject({ type: 'CurrentAccount', name: 'Jan', balance: 0 });
  });
});

describe('transactions', () => {
  const outgoing: Xs2aTransaction = {
    entryReference: 'E1',
    endToEndId: 'VS123/SS45/KS0308',
    mandateId: 'M-7',
    creditorId: 'CZ98ZZZ123',
    bookingDate: '2026-03-02',
    valueDate: '2026-03-03',
    transactionAmount: amount('-250.00'),
    creditorName: 'Pražská energetika',
    debtorName: 'Jan Novák',
    remittanceInformationUnstructured: 'Záloha elektřina',
    remittanceInformationUnstructuredArray: ['březen'],
    bankTransactionCode: 'PMNT-ICDT-ESCT',
    merchantCategoryCode: '4900',
  };

  it('maps a booked outgoing payment', () => {
    const [t] = mapTransactions({ booked: [outgoing] }, 'acc1', new Map(), today);
    expect(t).toEqual({
      externalId: 'E1',
      accountExternalId: 'acc1',
      amount: -250,
      currencyCode: 'CZK',
      recordState: 'Cleared',
      recordDate: new Date('2026-03-02T00:00:00Z'),
      note: 'Záloha elektřina březen',
      counterParty: 'Pražská energetika',
      details: {
        variableSymbol: '123',
        specificSymbol: '45',
        constantSymbol: '0308',
        transactionCode: 'PMNT-ICDT-ESCT',
        creditorReference: null,
        externalCategoryName: null,
        mccCode: '4900',
        others: 'endToEndId=VS123/SS45/KS0308; mandateId=M-7; creditorId=CZ98ZZZ123; entryReference=E1',
      },
    });
  });

  it('maps a pending incoming payment with a structured creditor reference and no bank id', () => {
    const incoming: Xs2aTransaction = {
      valueDate: '2026-03-09',
      transactionAmount: amount('1200'),
      debtorName: 'ACME s.r.o.',
      creditorName: 'Jan Novák',
      remittanceInformationStructured: { reference: 'RF18539007547034', referenceType: 'SCOR' },
    };
    const [t] = mapTransactions({ pending: [incoming] }, 'acc1', new Map(), today);
    expect(t).toMatchObject({ recordState: 'Uncleared', amount: 1200, counterParty: 'ACME s.r.o.', note: 'RF18539007547034', recordDate: new Date('2026-03-09T00:00:00Z') });
    expect(t!.details.creditorReference).toBe('RF18539007547034');
    expect(t!.externalId).toMatch(/^fp_[\w-]{22}_0$/);
  });

  it('keeps fingerprints stable across fetches and tells identical records apart', () => {
    const coffee: Xs2aTransaction = { bookingDate: '2026-03-05', transactionAmount: amount('-3.20'), creditorName: 'Café', remittanceInformationUnstructured: 'Card' };
    const first = mapTransactions({ booked: [coffee, coffee] }, 'a', new Map(), today).map((t) => t.externalId);
    const again = mapTransactions({ booked: [{ ...coffee }, { ...coffee }] }, 'a', new Map(), today).map((t) => t.externalId);
    expect(first).toEqual(again);
    expect(new Set(first).size).toBe(2);
  });

  it('reads symbols from the structured slash form and the unstructured array', () => {
    const [t] = mapTransactions({ booked: [{ transactionId: 'T', bookingDate: '2026-03-01', transactionAmount: amount('-1'), remittanceInformationStructured: { reference: '/VS/2024001/SS/7/KS/0558' } }] }, 'a', new Map(), today);
    expect(t!.details).toMatchObject({ variableSymbol: '2024001', specificSymbol: '7', constantSymbol: '0558', creditorReference: null });
    const [u] = mapTransactions({ booked: [{ transactionId: 'U', bookingDate: '2026-03-01', transactionAmount: amount('-1'), remittanceInformationUnstructuredArray: ['Nájem', 'VS:881'] }] }, 'a', new Map(), today);
    expect(u!.details.variableSymbol).toBe('881');
    expect(u!.externalId).toBe('U');
  });
});

describe('errors', () => {
  const messages = (code: string) => ({ tppMessages: [{ category: 'ERROR', code, text: 'said the bank' }] });
  it.each([
    [401, messages('CONSENT_EXPIRED'), 'consent_expired', false],
    [401, messages('CONSENT_INVALID'), 'consent_revoked', false],
    [403, messages('CONSENT_UNKNOWN'), 'consent_revoked', false],
    [403, null, 'consent_revoked', false],
    [429, messages('ACCESS_EXCEEDED'), 'access_exceeded', false],
    [503, null, 'bank_unavailable', true],
    [500, messages('INTERNAL_SERVER_ERROR'), 'bank_unavailable', true],
    [400, messages('FORMAT_ERROR'), 'bank_rejected', false],
    [401, messages('CERTIFICATE_INVALID'), 'bank_rejected', false],
  ])('%i %j -> %s', (status, body, code, temporary) => {
    const error = bankErrorOf('cz_bank', status, body, true);
    expect(error.code).toBe(code);
    expect(error.temporary).toBe(temporary);
    expect(error.message).toContain('cz_bank');
  });

  it('keeps the bank text in a definitive error', () => {
    expect(bankErrorOf('p', 400, messages('FORMAT_ERROR'), false).message).toContain('FORMAT_ERROR: said the bank');
  });

  it('makes timeouts temporary', () => {
    expect(transportErrorOf('p', Object.assign(new Error('t'), { name: 'TimeoutError' }), 500)).toMatchObject({ code: 'bank_unavailable', temporary: true });
    expect(transportErrorOf('p', Object.assign(new Error('x'), { code: 'ECONNREFUSED' }), 500)).toMatchObject({ code: 'bank_unavailable', temporary: true });
  });
});
