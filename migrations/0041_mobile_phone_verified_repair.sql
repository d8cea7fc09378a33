-- docs/decisions/635-recipe-paging-and-order-detail.md: mobile_phone_verified is about the mobile
-- number (account §3 userInfo.mobilePhoneVerified), but the seeded demo shopper was stored verified
-- without a number. A shopper without a number is not verified. (A row with a number is left as it
-- is: whether it changed since it was verified cannot be told; changes reset the flag from now on.)
UPDATE customers SET mobile_phone_verified = 0 WHERE mobile_phone_verified <> 0 AND trim(mobile_phone_number) = '';
