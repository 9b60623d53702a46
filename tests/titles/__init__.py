"""A tiny title kept outside the product, registered by a test to prove the checklist."""
