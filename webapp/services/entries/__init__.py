"""The entry kernel: what every author's entry passes through, whoever made it.

`entry.Entry` is built once where an entry comes in (a phone's push, a form, the server itself), and
`entry.Outcome` says what became of it; `payloads` checks its text; `access` says who may make it
(the role and the event, one writer per event so a mirrored copy takes no entries, the entry kept
under the person who made it on a shared phone); `pipeline` is how a service hands entries to the
operation pipeline (registered at app start, so services never import `webapp.operations`);
`preloaded` is the batch under way (what its entries share and the rows it holds); `violation_words`
words why an entry was refused.

May import: models and the domain only; every other package of services may import this one.
"""
