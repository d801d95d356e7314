// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title DevSmartAccount
/// @notice The smallest contract account that signs the ERC-1271 way: a signature is valid when
/// it is the owner's ECDSA signature of the hash. Used by tests of signature verification.
contract DevSmartAccount {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        // reject malleable signatures (upper half of the curve order)
        if (uint256(s) > 0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF5D576E7357A4501DDFE92F46681B20A0) return 0xffffffff;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }

    receive() external payable {}
}

/// @title DevSmartAccountFactory
/// @notice Deploys DevSmartAccounts with CREATE2, so an account has an address before it exists
/// (what ERC-6492 signatures of undeployed accounts rely on). Used by tests.
contract DevSmartAccountFactory {
    event Deployed(address account, address owner, bytes32 salt);

    function deploy(address owner, bytes32 salt) external returns (address account) {
        account = address(new DevSmartAccount{salt: salt}(owner));
        emit Deployed(account, owner, salt);
    }

    function addressOf(address owner, bytes32 salt) external view returns (address) {
        bytes32 codeHash = keccak256(abi.encodePacked(type(DevSmartAccount).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, codeHash)))));
    }
}
