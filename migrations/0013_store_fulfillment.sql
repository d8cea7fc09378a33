-- Stores for the store picker (issue 9 §1): opening hours, the fulfillment types each store
-- offers (account §3 Modality preferences: CurbSide, SelfServePickup, HomeDelivery,
-- InstacartDelivery, ShipToHome) and whether it is a fulfillment center (ships, no shop floor).
ALTER TABLE stores ADD COLUMN hours TEXT NOT NULL DEFAULT 'Daily 6 AM - 11 PM';
ALTER TABLE stores ADD COLUMN fulfillment_types TEXT NOT NULL DEFAULT 'CurbSide,SelfServePickup,HomeDelivery';
ALTER TABLE stores ADD COLUMN is_fulfillment_center INTEGER NOT NULL DEFAULT 0;

UPDATE stores SET hours = 'Daily 6 AM - 11 PM', fulfillment_types = 'CurbSide,SelfServePickup,HomeDelivery,InstacartDelivery' WHERE location_id = '70100101';
UPDATE stores SET hours = 'Daily 7 AM - 10 PM', fulfillment_types = 'CurbSide,HomeDelivery' WHERE location_id = '70100102';
UPDATE stores SET hours = 'Mon-Sat 6 AM - 10 PM, Sun 7 AM - 9 PM', fulfillment_types = 'CurbSide,SelfServePickup,HomeDelivery,ShipToHome', is_fulfillment_center = 1 WHERE location_id = '70300301';
UPDATE stores SET hours = 'Daily 7 AM - 10 PM', fulfillment_types = 'CurbSide,SelfServePickup,HomeDelivery,InstacartDelivery' WHERE location_id = '62000201';
UPDATE stores SET hours = 'Daily 6 AM - 11 PM', fulfillment_types = 'CurbSide,InstacartDelivery' WHERE location_id = '62000202';
UPDATE stores SET hours = 'Daily 7 AM - 9 PM', fulfillment_types = 'SelfServePickup,HomeDelivery,ShipToHome', is_fulfillment_center = 1 WHERE location_id = '62100401';
