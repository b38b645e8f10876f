/**
 * The parts of the NextGenPSD2 XS2A 1.3.11 bodies the connector reads (schemas `accountDetails`,
 * `balance`, `transactions`, `accountReport`, `consentsResponse-201`, `tppMessage*`). Every field is
 * optional here: banks differ, the mapping decides what is needed.
 */
export interface Xs2aAmount {
  currency: string;
  amount: string;
}

export interface Xs2aBalance {
  balanceAmount: Xs2aAmount;
  balanceType: string;
}

export interface Xs2aAccountReference {
  iban?: string;
  bban?: string;
  maskedPan?: string;
  currency?: string;
}

export interface Xs2aAccount {
  resourceId?: string;
  iban?: string;
  bban?: string;
  currency: string;
  name?: string;
  displayName?: string;
  product?: string;
  ownerName?: string;
  cashAccountType?: string;
  balances?: Xs2aBalance[];
}

export interface Xs2aRemittanceStructured {
  reference: string;
  referenceType?: string;
  referenceIssuer?: string;
}

export interface Xs2aTransaction {
  transactionId?: string;
  entryReference?: string;
  endToEndId?: string;
  mandateId?: string;
  creditorId?: string;
  bookingDate?: string;
  valueDate?: string;
  transactionAmount: Xs2aAmount;
  creditorName?: string;
  creditorAccount?: Xs2aAccountReference;
  ultimateCreditor?: string;
  debtorName?: string;
  debtorAccount?: Xs2aAccountReference;
  ultimateDebtor?: string;
  remittanceInformationUnstructured?: string;
  remittanceInformationUnstructuredArray?: string[];
  remittanceInformationStructured?: Xs2aRemittanceStructured | string;
  remittanceInformationStructuredArray?: (Xs2aRemittanceStructured | string)[];
  additionalInformation?: string;
  purposeCode?: string;
  bankTransactionCode?: string;
  proprietaryBankTransactionCode?: string;
  merchantCategoryCode?: string;
}

export interface Xs2aAccountReport {
  booked?: Xs2aTransaction[];
  pending?: Xs2aTransaction[];
  _links?: { next?: { href?: string } };
}

export interface Xs2aTppMessage {
  category?: string;
  code?: string;
  text?: string;
}
