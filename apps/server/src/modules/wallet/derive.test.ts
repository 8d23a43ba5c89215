import { expect, it } from 'vitest';
import { deriveEvmWallet, isMnemonic, newMnemonic, toChecksumAddress } from './derive.js';
import { engineFree } from '../../test/engine.js';

engineFree.describe('wallet derivation', () => {
  it('derives the published address of the Hardhat/Foundry test mnemonic at m/44’/60’/0’/0/0', () => {
    // The default development accounts of Hardhat and Foundry (account #0), published in their documentation.
    const w = deriveEvmWallet('test test test test test test test test test test test junk');
    expect(w.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(w.privateKey).toBe('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
    expect(w.publicKey).toMatch(/^0x0[23][0-9a-f]{64}$/);
  });

  it('derives the widely published address of the all-"abandon" BIP-39 test mnemonic', () => {
    const phrase = `${'abandon '.repeat(11)}about`;
    expect(deriveEvmWallet(phrase).address).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it('checksums addresses as the EIP-55 examples do', () => {
    // The examples of EIP-55 itself.
    for (const address of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    }
  });

  it('makes valid 12-word mnemonics, a different one each time', () => {
    const a = newMnemonic();
    expect(a.split(' ')).toHaveLength(12);
    expect(isMnemonic(a)).toBe(true);
    expect(newMnemonic()).not.toBe(a);
    expect(isMnemonic('test test test test test test test test test test test test')).toBe(false);
  });
});
