import type { THelpPage } from './types.ts';

/** Settings that turn data into something: rule templates, data sources, IoT queues and report templates. */
export const SETTINGS_DATA_HELP: THelpPage[] = [
  {
    url: '/rule-template',
    category: 'settings',
    'pt-PT': {
      title: 'Modelos de regras',
      contents: `<p>Uma regra vigia as leituras de um sensor (um parâmetro IoT dos sistemas) e abre uma ocorrência quando uma condição se mantém, resolvendo-a quando a condição de fim se verifica. Por exemplo: nível da água acima de 2 m em 3 leituras seguidas abre «Risco de inundação».</p>
<h2>Controlos da lista</h2>
<ul>
<li><p><strong>Pesquisar regras pelo nome ou parâmetro</strong> e <strong>Filtros</strong> (ativa ou inativa).</p></li>
<li><p>As colunas <strong>Sistemas</strong> e <strong>Ocorrências abertas</strong> dizem onde a regra atua e o que tem aberto.</p></li>
<li><p><strong>Nova regra</strong>, e em cada linha <strong>Editar</strong> e <strong>Eliminar</strong>.</p></li>
</ul>
<h2>Aplicar uma regra a sistemas</h2>
<ol>
<li><p>Abra a regra e vá a <strong>Sistemas a que se aplica</strong>.</p></li>
<li><p>Em <strong>Aplicar a sistemas</strong> escolha sistemas (só aparecem os que têm o parâmetro IoT ligado a um leitor), ou em <strong>Aplicar a um grupo inteiro</strong> escolha um grupo, e carregue em <strong>Aplicar</strong>.</p></li>
<li><p>A tabela mostra, por sistema, o estado (Em vigia, A confirmar, Ocorrência aberta), o último valor e a ocorrência aberta. <strong>Retirar</strong> deixa de vigiar esse sistema.</p></li>
</ol>
<h2>Testar antes de ativar</h2>
<p>Em <strong>Testar com as últimas leituras</strong>, escolha um sistema e quantas leituras usar: vê, leitura a leitura, o que a regra tal como está no formulário teria feito, sem abrir nada.</p>
<h2>Permissões</h2>
<p>MANAGE_RULE_TEMPLATES.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Editar uma regra recomeça as contagens em todos os sistemas; uma ocorrência já aberta continua aberta até a nova condição de fim se verificar.</p></li>
<li><p>Uma regra com ocorrências abertas que ainda resolveria não pode ser eliminada: resolva-as ou desative a regra.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Rule templates',
      contents: `<p>A rule watches a sensor's readings (an IoT parameter of the systems) and opens an event when a condition holds, resolving it when the clear condition is met. For instance: water level above 2 m in 3 consecutive readings opens “Flood risk”.</p>
<h2>List controls</h2>
<ul>
<li><p><strong>Search rules by name or parameter</strong> and <strong>Filters</strong> (active or inactive).</p></li>
<li><p>The <strong>Systems</strong> and <strong>Open events</strong> columns tell where the rule acts and what it has open.</p></li>
<li><p><strong>New rule</strong>, and on each row <strong>Edit</strong> and <strong>Delete</strong>.</p></li>
</ul>
<h2>Applying a rule to systems</h2>
<ol>
<li><p>Open the rule and go to <strong>Systems it applies to</strong>.</p></li>
<li><p>Under <strong>Apply to systems</strong> pick systems (only those with the IoT parameter linked to a reader are offered), or under <strong>Apply to a whole group</strong> pick a group, and click <strong>Apply</strong>.</p></li>
<li><p>The table shows, per system, its state (Watching, Confirming, Event open), the last value and the open event. <strong>Remove</strong> stops watching that system.</p></li>
</ol>
<h2>Testing before switching it on</h2>
<p>Under <strong>Test against the last readings</strong>, choose a system and how many readings to use: you see, reading by reading, what the rule as it stands in the form would have done, without opening anything.</p>
<h2>Permissions</h2>
<p>MANAGE_RULE_TEMPLATES.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>Editing a rule restarts its counts on every system; an event already open stays open until the new clear condition is met.</p></li>
<li><p>A rule with open events it would still resolve cannot be deleted: resolve them or deactivate the rule.</p></li>
</ul>`,
    },
  },
  {
    url: '/rule-template/create',
    category: 'settings',
    'pt-PT': {
      title: 'Criar um modelo de regra',
      contents: `<h2>Passo a passo</h2>
<ol>
<li><p>Em <strong>Regra</strong>: <strong>Nome</strong>, <strong>Descrição</strong> e o <strong>Parâmetro IoT</strong>, pelo nome que tem nos sistemas (por exemplo «Nível da água»).</p></li>
<li><p>Em <strong>Condição</strong>: a <strong>Comparação</strong> (maior que, menor que…), o <strong>Limite</strong> e durante quanto tempo se deve manter: um <strong>Número de leituras</strong> seguidas ou uma <strong>Duração (minutos)</strong>.</p></li>
<li><p>Em <strong>Condição de fim</strong>: a comparação que, com a ocorrência aberta, a resolve (por exemplo, menor que 1,8 m durante 30 minutos).</p></li>
<li><p>Em <strong>Ação</strong>: a <strong>Categoria da ocorrência</strong>, a <strong>Prioridade</strong>, se é <strong>Ocorrência pública</strong>, e o <strong>Título da ocorrência</strong> e a <strong>Mensagem da ocorrência</strong>, onde pode usar {{value}}, {{system}}, {{parameter}}, {{threshold}}, {{rule}} e {{observedAt}}.</p></li>
<li><p>Carregue em <strong>Criar regra</strong> e, depois, aplique-a aos sistemas.</p></li>
</ol>
<h2>Permissões</h2>
<p>MANAGE_RULE_TEMPLATES.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Deixe uma margem entre o limite da condição e o da condição de fim, para a ocorrência não abrir e fechar a cada leitura.</p></li>
<li><p>Uma regra inativa não abre nem resolve ocorrências.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Creating a rule template',
      contents: `<h2>Step by step</h2>
<ol>
<li><p>Under <strong>Rule</strong>: <strong>Name</strong>, <strong>Description</strong> and the <strong>IoT parameter</strong>, by the name it has on the systems (for instance “Water level”).</p></li>
<li><p>Under <strong>Condition</strong>: the <strong>Comparison</strong> (greater than, less than…), the <strong>Threshold</strong> and how long it must hold: a <strong>Number of readings</strong> in a row or a <strong>Duration (minutes)</strong>.</p></li>
<li><p>Under <strong>Clear condition</strong>: the comparison that, with the event open, resolves it (for instance, less than 1.8 m for 30 minutes).</p></li>
<li><p>Under <strong>Action</strong>: the <strong>Event category</strong>, <strong>Priority</strong>, whether it is a <strong>Public event</strong>, and the <strong>Event title</strong> and <strong>Event message</strong>, where you may use {{value}}, {{system}}, {{parameter}}, {{threshold}}, {{rule}} and {{observedAt}}.</p></li>
<li><p>Click <strong>Create rule</strong> and then apply it to systems.</p></li>
</ol>
<h2>Permissions</h2>
<p>MANAGE_RULE_TEMPLATES.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>Leave a margin between the condition's threshold and the clear condition's, so the event does not open and close with every reading.</p></li>
<li><p>An inactive rule neither opens nor resolves events.</p></li>
</ul>`,
    },
  },
  {
    url: '/data-sources',
    category: 'settings',
    'pt-PT': {
      title: 'Fontes de dados',
      contents: `<p>Uma fonte de dados é uma consulta SQL, com nome, sobre os dados da plataforma. Os widgets dos dashboards desenham o seu resultado.</p>
<h2>Controlos da lista</h2>
<ul>
<li><p><strong>Pesquisar fontes de dados por nome ou descrição</strong>.</p></li>
<li><p>A coluna <strong>Widgets</strong> diz quantos widgets usam cada fonte.</p></li>
<li><p><strong>Nova fonte de dados</strong>, e em cada linha <strong>Editar</strong> e <strong>Eliminar</strong>.</p></li>
</ul>
<h2>Alterar uma fonte</h2>
<ol>
<li><p>Clique no nome e altere a consulta ou os parâmetros.</p></li>
<li><p>Carregue em <strong>Pré-visualizar</strong> para correr a consulta tal como está, sem guardar, e ver as primeiras linhas e as colunas.</p></li>
<li><p>Guarde. Os dashboards que a usam mostram logo o novo resultado.</p></li>
</ol>
<h2>Permissões</h2>
<p>MANAGE_DATASOURCES.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Uma fonte usada por widgets não pode ser eliminada: retire-a primeiro dos dashboards.</p></li>
<li><p>Mudar o nome de uma coluna no resultado deixa com erro os widgets que a usavam.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Data sources',
      contents: `<p>A data source is a named SQL query over the platform's data. Dashboard widgets draw its result.</p>
<h2>List controls</h2>
<ul>
<li><p><strong>Search data sources by name or description</strong>.</p></li>
<li><p>The <strong>Widgets</strong> column says how many widgets use each source.</p></li>
<li><p><strong>New data source</strong>, and on each row <strong>Edit</strong> and <strong>Delete</strong>.</p></li>
</ul>
<h2>Changing a source</h2>
<ol>
<li><p>Click the name and change the query or the parameters.</p></li>
<li><p>Click <strong>Preview</strong> to run the query as it stands, unsaved, and see the first rows and the columns.</p></li>
<li><p>Save. Dashboards using it show the new result at once.</p></li>
</ol>
<h2>Permissions</h2>
<p>MANAGE_DATASOURCES.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>A source used by widgets cannot be deleted: take it off the dashboards first.</p></li>
<li><p>Renaming a column of the result breaks the widgets that used it.</p></li>
</ul>`,
    },
  },
  {
    url: '/data-sources/create',
    category: 'settings',
    'pt-PT': {
      title: 'Criar uma fonte de dados',
      contents: `<h2>Passo a passo</h2>
<ol>
<li><p>Em <strong>Fonte de dados</strong>: <strong>Nome</strong> e <strong>Descrição</strong>, para quem monta dashboards a reconhecer.</p></li>
<li><p>Em <strong>Consulta SQL</strong>: escreva a consulta. Corre só para leitura. Cada coluna do resultado fica disponível para os widgets.</p></li>
<li><p>Em <strong>Parâmetros</strong>: <strong>Acrescentar parâmetro</strong> para cada valor que quem vê pode escolher: <strong>Nome da variável</strong>, <strong>Etiqueta</strong>, <strong>Tipo</strong> (texto, número, data, entidade, categoria…), <strong>Obrigatório</strong> e <strong>Vários valores</strong>. Na consulta, <code>:nome</code> põe o valor; com vários valores escreva <code>= any(:nome)</code>.</p></li>
<li><p>Opcional: <strong>Tempo máximo (ms)</strong> (5000 se ficar vazio) e <strong>Limitar às entidades de quem vê</strong>, que obriga a consulta a usar <code>:caller_entity_ids</code>.</p></li>
<li><p><strong>Pré-visualizar</strong> e, se o resultado estiver certo, <strong>Criar fonte de dados</strong>.</p></li>
</ol>
<h2>Permissões</h2>
<p>MANAGE_DATASOURCES.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Um widget recebe um número máximo de linhas: agregue na consulta (por exemplo com <code>group by</code>) em vez de trazer linhas soltas.</p></li>
<li><p>Se a base de dados recusar a consulta, a mensagem «A base de dados respondeu» indica o erro.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Creating a data source',
      contents: `<h2>Step by step</h2>
<ol>
<li><p>Under <strong>Data source</strong>: <strong>Name</strong> and <strong>Description</strong>, for dashboard builders to recognize it.</p></li>
<li><p>Under <strong>SQL query</strong>: write the query. It runs read-only. Each column of the result is available to widgets.</p></li>
<li><p>Under <strong>Parameters</strong>: <strong>Add parameter</strong> for each value viewers may choose: <strong>Variable name</strong>, <strong>Label</strong>, <strong>Type</strong> (text, number, date, entity, category…), <strong>Mandatory</strong> and <strong>Several values</strong>. In the query, <code>:name</code> puts in the value; with several values write <code>= any(:name)</code>.</p></li>
<li><p>Optional: <strong>Time limit (ms)</strong> (5000 when empty) and <strong>Limit to the viewer's entities</strong>, which requires the query to use <code>:caller_entity_ids</code>.</p></li>
<li><p><strong>Preview</strong> and, if the result is right, <strong>Create data source</strong>.</p></li>
</ol>
<h2>Permissions</h2>
<p>MANAGE_DATASOURCES.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>A widget gets a maximum number of rows: aggregate in the query (for instance with <code>group by</code>) rather than bringing loose rows.</p></li>
<li><p>If the database refuses the query, the “The database said” message gives the error.</p></li>
</ul>`,
    },
  },
  {
    url: '/iot-queue',
    category: 'settings',
    'pt-PT': {
      title: 'Filas de mensagens (IoT)',
      contents: `<p>Uma fila de mensagens liga a plataforma a um broker MQTT ou AMQP de onde chegam as leituras dos sensores. Cada leitura atualiza o parâmetro IoT do sistema ligado ao seu leitor e alimenta as regras.</p>
<h2>Controlos da lista</h2>
<ul>
<li><p><strong>Pesquisar filas por nome, endereço ou tópico</strong>.</p></li>
<li><p>O <strong>Estado</strong> de cada fila: Ligada, A religar, Sem consumidor ou Desativada; e a atividade (mensagens por minuto, erros).</p></li>
<li><p><strong>Nova fila</strong>, e em cada linha <strong>Editar</strong> e <strong>Eliminar</strong>.</p></li>
</ul>
<h2>Acompanhar uma fila</h2>
<ol>
<li><p>Abra a fila: o <strong>Estado em direto</strong> mostra a última mensagem e o último erro.</p></li>
<li><p><strong>Enviar mensagem de teste</strong> publica uma mensagem no formato da fila, como se viesse de um sensor.</p></li>
<li><p>Em <strong>Mensagens rejeitadas</strong> estão as que não se conseguiu ler, com o motivo (JSON inválido, leitor sem parâmetro IoT…). Corrija a causa e use <strong>Reprocessar</strong> ou <strong>Reprocessar todas</strong>.</p></li>
</ol>
<h2>Permissões</h2>
<p>MANAGE_MESSAGE_QUEUES.</p>
<h2>Cuidados</h2>
<ul>
<li><p>«Leitor sem parâmetro IoT» quer dizer que nenhum sistema tem um parâmetro IoT ligado a esse leitor: crie-o no sistema e reprocesse.</p></li>
<li><p>As leituras e as mensagens rejeitadas mais antigas do que os dias definidos em Configuração são apagadas.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Message queues (IoT)',
      contents: `<p>A message queue connects the platform to an MQTT or AMQP broker that sensor readings come from. Each reading updates the IoT parameter of the system linked to its reader and feeds the rules.</p>
<h2>List controls</h2>
<ul>
<li><p><strong>Search queues by name, address or topic</strong>.</p></li>
<li><p>Each queue's <strong>State</strong>: Connected, Reconnecting, No consumer or Disabled; and its activity (messages per minute, errors).</p></li>
<li><p><strong>New queue</strong>, and on each row <strong>Edit</strong> and <strong>Delete</strong>.</p></li>
</ul>
<h2>Following a queue</h2>
<ol>
<li><p>Open the queue: the <strong>Live status</strong> shows the last message and the last error.</p></li>
<li><p><strong>Send test message</strong> publishes a message in the queue's format, as if a sensor sent it.</p></li>
<li><p>Under <strong>Dead letters</strong> are the messages that could not be read, with the reason (invalid JSON, reader with no IoT parameter…). Fix the cause and use <strong>Replay</strong> or <strong>Replay all</strong>.</p></li>
</ol>
<h2>Permissions</h2>
<p>MANAGE_MESSAGE_QUEUES.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>“Reader has no IoT parameter” means no system has an IoT parameter linked to that reader: add it on the system and replay.</p></li>
<li><p>Readings and dead letters older than the days set in Configuration are deleted.</p></li>
</ul>`,
    },
  },
  {
    url: '/iot-queue/create',
    category: 'settings',
    'pt-PT': {
      title: 'Criar uma fila de mensagens',
      contents: `<h2>Passo a passo</h2>
<ol>
<li><p>Em <strong>Broker</strong>: o <strong>Nome</strong>, o <strong>Protocolo</strong> (MQTT 3.1.1, MQTT 5 ou AMQP 0-9-1) e o <strong>Endereço do broker</strong> (por exemplo mqtt://broker.exemplo.pt:1883), sem utilizador nem palavra-passe no endereço.</p></li>
<li><p>Em MQTT, o <strong>Tópico</strong> (+ substitui um nível, # os restantes); em AMQP, o <strong>Nome da fila</strong>.</p></li>
<li><p><strong>Utilizador</strong> e <strong>Palavra-passe</strong>, se o broker os pedir. A palavra-passe é guardada cifrada e nunca é mostrada.</p></li>
<li><p>Em <strong>Como ler uma mensagem</strong>: os caminhos JSON do <strong>identificador do leitor</strong>, do <strong>valor</strong> e, se houver, da <strong>data da leitura</strong> e da <strong>lista de leituras</strong>. Os caminhos começam por $, por exemplo $.sensor.id.</p></li>
<li><p>Ligue <strong>Ativa (consumir as mensagens)</strong> e carregue em <strong>Criar fila</strong>.</p></li>
</ol>
<h2>Permissões</h2>
<p>MANAGE_MESSAGE_QUEUES.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Sem caminho da data, a leitura fica com a hora de chegada.</p></li>
<li><p>Depois de criar, envie uma mensagem de teste e confirme que não vai parar às mensagens rejeitadas.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Creating a message queue',
      contents: `<h2>Step by step</h2>
<ol>
<li><p>Under <strong>Broker</strong>: the <strong>Name</strong>, the <strong>Protocol</strong> (MQTT 3.1.1, MQTT 5 or AMQP 0-9-1) and the <strong>Broker address</strong> (for instance mqtt://broker.example.org:1883), with no user or password in the address.</p></li>
<li><p>For MQTT, the <strong>Topic</strong> (+ stands for one level, # for the rest); for AMQP, the <strong>Queue name</strong>.</p></li>
<li><p><strong>User</strong> and <strong>Password</strong>, if the broker asks for them. The password is stored encrypted and never shown.</p></li>
<li><p>Under <strong>How to read a message</strong>: the JSON paths of the <strong>reader id</strong>, the <strong>value</strong> and, if present, the <strong>reading time</strong> and the <strong>readings list</strong>. Paths start with $, for instance $.sensor.id.</p></li>
<li><p>Switch <strong>Enabled (consume the messages)</strong> on and click <strong>Create queue</strong>.</p></li>
</ol>
<h2>Permissions</h2>
<p>MANAGE_MESSAGE_QUEUES.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>Without a time path, a reading takes its arrival time.</p></li>
<li><p>Once created, send a test message and check it does not end up among the dead letters.</p></li>
</ul>`,
    },
  },
  {
    url: '/reports/templates',
    category: 'settings',
    'pt-PT': {
      title: 'Modelos de relatório',
      contents: `<p>Um modelo de relatório é a consulta SQL e os parâmetros de um relatório que os utilizadores geram em Relatórios ou agendam.</p>
<h2>Controlos da lista</h2>
<ul>
<li><p><strong>Pesquisar modelos por nome, referência ou protocolo</strong>.</p></li>
<li><p><strong>Novo modelo</strong>, e em cada linha <strong>Editar</strong> e <strong>Eliminar</strong>.</p></li>
</ul>
<h2>Criar ou alterar um modelo</h2>
<ol>
<li><p>Em <strong>Modelo</strong>: <strong>Nome</strong>, <strong>Categoria</strong>, <strong>Referência</strong> e <strong>Protocolo</strong> (opcionais), <strong>Gerar em segundo plano</strong> para relatórios longos, <strong>Ativo</strong> e <strong>Entidades que o veem</strong> (vazio: todos os que geram relatórios).</p></li>
<li><p>Em <strong>Consulta SQL</strong>: a consulta. <code>:nome</code> põe o valor de um parâmetro; <code>:caller_user_id</code> é quem gera e <code>:caller_entity_ids</code> as entidades que pode ver.</p></li>
<li><p>Em <strong>Parâmetros</strong>: <strong>Acrescentar parâmetro</strong> com nome da variável, etiqueta, tipo, obrigatório, vários valores e, se quiser, uma consulta parcial que só entra quando há valor.</p></li>
<li><p>Carregue em <strong>Criar modelo</strong> (ou guarde) e experimente-o em Relatórios.</p></li>
</ol>
<h2>Permissões</h2>
<p>MANAGE_REPORTS.</p>
<h2>Cuidados</h2>
<ul>
<li><p>Um modelo usado por agendamentos não pode ser eliminado: elimine-os ou desative o modelo.</p></li>
<li><p>Um modelo desativado não se gera nem aparece a quem só gera relatórios.</p></li>
</ul>`,
    },
    'en-US': {
      title: 'Report templates',
      contents: `<p>A report template is the SQL query and the parameters of a report users generate under Reports or schedule.</p>
<h2>List controls</h2>
<ul>
<li><p><strong>Search templates by name, reference or agreement</strong>.</p></li>
<li><p><strong>New template</strong>, and on each row <strong>Edit</strong> and <strong>Delete</strong>.</p></li>
</ul>
<h2>Creating or changing a template</h2>
<ol>
<li><p>Under <strong>Template</strong>: <strong>Name</strong>, <strong>Category</strong>, <strong>Reference</strong> and <strong>Agreement</strong> (optional), <strong>Generate in the background</strong> for long reports, <strong>Enabled</strong> and <strong>Entities that see it</strong> (empty: everyone who generates reports).</p></li>
<li><p>Under <strong>SQL query</strong>: the query. <code>:name</code> puts in a parameter's value; <code>:caller_user_id</code> is who generates it and <code>:caller_entity_ids</code> the entities they may see.</p></li>
<li><p>Under <strong>Parameters</strong>: <strong>Add parameter</strong> with variable name, label, type, mandatory, several values and, if wanted, a partial query that only goes in when there is a value.</p></li>
<li><p>Click <strong>Create template</strong> (or save) and try it under Reports.</p></li>
</ol>
<h2>Permissions</h2>
<p>MANAGE_REPORTS.</p>
<h2>Pitfalls</h2>
<ul>
<li><p>A template used by schedules cannot be deleted: delete them or disable the template.</p></li>
<li><p>A disabled template cannot be generated and is hidden from those who only generate reports.</p></li>
</ul>`,
    },
  },
];
